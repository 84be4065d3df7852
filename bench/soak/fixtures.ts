// The walkthroughs the phones send: a few small recordings made with ffmpeg once per run, of 45 to
// 90 seconds, mostly H.264 in fragmented MP4 (remuxed by the seal) and some WebM written through a
// pipe as MediaRecorder writes it (transcoded by the seal). Each is cut into parts of about 3 s.
import { execFile, spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface Fixture {
  file: string;
  format: "mp4" | "webm";
  contentType: string;
  /** What ffprobe says the recording lasts. */
  seconds: number;
  bytes: Buffer;
  /** Byte length of each part: about 3 s of the recording. */
  partBytes: number;
}

export async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  const seconds = Number(stdout.trim());
  if (Number.isFinite(seconds)) return seconds;
  // A piped WebM carries no duration: the last packet's time says it.
  const { stdout: packets } = await run("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "packet=pts_time",
    "-of",
    "csv=p=0",
    file,
  ]);
  return Math.max(...packets.split("\n").map(Number).filter(Number.isFinite));
}

async function make(file: string, seconds: number, format: "mp4" | "webm"): Promise<void> {
  // A game of life: every frame differs, as a camera carried through a home does (the findings
  // pass drops frames that repeat the one before).
  const picture = "life=s=320x240:r=15:seed=7:ratio=0.2:mold=8:life_color=#d0c8b0:death_color=#302820:mold_color=#806040";
  const inputs = ["-f", "lavfi", "-t", String(seconds), "-i", picture];
  inputs.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  if (format === "webm") {
    const codec = ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k", "-c:a", "libopus", "-f", "webm"];
    const child = spawn("ffmpeg", ["-nostdin", "-loglevel", "error", ...inputs, ...codec, "pipe:1"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await pipeline(child.stdout, createWriteStream(file));
    return;
  }
  const codec = ["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "300k", "-g", "15", "-pix_fmt", "yuv420p", "-c:a", "aac"];
  const flags = ["-movflags", "frag_keyframe+empty_moov+default_base_moof", "-f", "mp4"];
  await run("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", ...inputs, ...codec, ...flags, file]);
}

/** Nine recordings: seven MP4 and two WebM, lengths spread over 45 to 90 s; made once per machine in `dir`. */
export async function makeFixtures(dir: string, log: (line: string) => void): Promise<Fixture[]> {
  await mkdir(dir, { recursive: true });
  const plan: [number, "mp4" | "webm"][] = [
    [45, "mp4"],
    [52, "mp4"],
    [58, "mp4"],
    [64, "mp4"],
    [71, "mp4"],
    [79, "mp4"],
    [90, "mp4"],
    [49, "webm"],
    [83, "webm"],
  ];
  const fixtures: Fixture[] = [];
  for (const [length, format] of plan) {
    const file = path.join(dir, `walk-${length}s.${format}`);
    if (!existsSync(file)) {
      await make(`${file}.${process.pid}.part`, length, format);
      await rename(`${file}.${process.pid}.part`, file);
    }
    const bytes = await readFile(file);
    const seconds = await probeSeconds(file);
    fixtures.push({
      file,
      format,
      contentType: format === "webm" ? "video/webm;codecs=vp8,opus" : "video/mp4;codecs=avc1.42E01E,mp4a.40.2",
      seconds,
      bytes,
      partBytes: Math.ceil(bytes.length / Math.ceil(seconds / 3)),
    });
  }
  log(
    `fixtures: ${fixtures.map((f) => `${f.format} ${f.seconds.toFixed(1)} s ${(f.bytes.length / 1024).toFixed(0)} KiB`).join(", ")}`,
  );
  return fixtures;
}
