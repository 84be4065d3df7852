import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { config } from "../config";
import { processSingleton } from "../process-state";

/** Which ffmpeg and ffprobe seal videos, and where they were found. */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
  /** `configured` (FFMPEG_PATH / FFPROBE_PATH), `system` (on PATH) or `npm` (shipped in node_modules). */
  origin: "configured" | "system" | "npm";
}

export class VideoToolsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VideoToolsError";
  }
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir !== "" && executable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** The binaries inside the npm packages, resolved at run time (never bundled). */
function fromNpm(): { ffmpeg: string; ffprobe: string } | undefined {
  try {
    const load = createRequire(path.join(process.cwd(), "package.json"));
    const ffmpeg = (load("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    const ffprobe = (load("@ffprobe-installer/ffprobe") as { path: string }).path;
    return executable(ffmpeg) && executable(ffprobe) ? { ffmpeg, ffprobe } : undefined;
  } catch {
    return undefined;
  }
}

function configured(name: "FFMPEG_PATH" | "FFPROBE_PATH"): string | undefined {
  const file = config()[name];
  if (file !== undefined && !executable(file)) throw new VideoToolsError(`${name} (${file}) is not an executable file.`);
  return file;
}

/**
 * The ffmpeg and ffprobe to use, chosen once per process: FFMPEG_PATH and FFPROBE_PATH when set,
 * else the system's (Debian's ffmpeg is newer and faster than the npm builds), else the static
 * builds the npm packages ship, so that `npm install && npm start` can seal videos anywhere.
 */
export function videoTools(): VideoTools {
  return processSingleton("video-tools", () => {
    const ffmpeg = configured("FFMPEG_PATH");
    const ffprobe = configured("FFPROBE_PATH");
    if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, origin: "configured" as const };
    const system = { ffmpeg: ffmpeg ?? onPath("ffmpeg"), ffprobe: ffprobe ?? onPath("ffprobe") };
    if (system.ffmpeg && system.ffprobe)
      return {
        ffmpeg: system.ffmpeg,
        ffprobe: system.ffprobe,
        origin: ffmpeg || ffprobe ? ("configured" as const) : ("system" as const),
      };
    const npm = fromNpm();
    if (!npm) throw new VideoToolsError("No ffmpeg/ffprobe found: install ffmpeg, or set FFMPEG_PATH and FFPROBE_PATH.");
    return { ffmpeg: ffmpeg ?? npm.ffmpeg, ffprobe: ffprobe ?? npm.ffprobe, origin: "npm" as const };
  });
}
