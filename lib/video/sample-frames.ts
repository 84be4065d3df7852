import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { videoTools } from "./binaries";
import { runTool, toolExitError } from "./run-tool";

export interface SampledFrame {
  seconds: number;
  /** A JPEG at most `width` pixels wide. */
  file: string;
}

export interface SampleOptions {
  /** At least one frame this often, whatever happens in the picture. */
  floorSeconds: number;
  /** A scene change (ffmpeg's scene score above this) takes a frame too, at most one a second. */
  sceneThreshold: number;
  width: number;
  /** Frames kept at the most, spread over the whole video. */
  max: number;
}

const sampleTimeoutMs = 30 * 60 * 1000;

/**
 * Frames across a video for looking at it as a whole: every scene change (the camera enters a
 * room, turns to a wall) plus one frame at least every `floorSeconds`, in one ffmpeg pass. The
 * frames' times come from ffmpeg's own metadata print, not from their order. Deterministic: the
 * same video gives the same frames, so work resumed after a crash meets the same ones.
 */
export async function sampleFrames(video: string, dir: string, options: SampleOptions): Promise<SampledFrame[]> {
  await mkdir(dir, { recursive: true });
  const meta = path.join(dir, "frames.txt");
  const select = `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${options.floorSeconds})+gt(scene\\,${options.sceneThreshold})*gte(t-prev_selected_t\\,1)'`;
  const filter = `${select},metadata=print:file=${meta.replaceAll("\\", "/").replaceAll(":", "\\:")},scale='min(${options.width},iw)':-2`;
  const result = await runTool(
    videoTools().ffmpeg,
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-i",
      video,
      "-vf",
      filter,
      "-vsync",
      "vfr",
      "-q:v",
      "4",
      path.join(dir, "%05d.jpg"),
    ],
    sampleTimeoutMs,
  );
  if (result.code !== 0) throw toolExitError("ffmpeg", result, "frames could not be sampled");
  const times = [...(await readFile(meta, "utf8")).matchAll(/pts_time:([\d.]+)/g)].map((match) => Number(match[1]));
  const files = (await readdir(dir)).filter((name) => /^\d{5}\.jpg$/.test(name)).sort();
  const frames = files.map((name, index) => ({ seconds: times[index] ?? 0, file: path.join(dir, name) }));
  if (frames.length <= options.max) return frames;
  // Too many: every n-th, so the whole walk stays covered.
  const step = frames.length / options.max;
  return Array.from({ length: options.max }, (_, index) => frames[Math.floor(index * step)]!);
}
