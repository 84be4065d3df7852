import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { videoTools } from "./binaries";
import { runTool, UnprocessableVideoError } from "./run-tool";

const stillTimeoutMs = 60_000;
const stillWidthMax = 1280;

async function grab(video: string, seconds: number, output: string): Promise<boolean> {
  const args = [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    // Before -i: a fast seek to the keyframe, then decoding up to the second asked.
    "-ss",
    seconds.toFixed(3),
    "-i",
    video,
    "-frames:v",
    "1",
    "-vf",
    `scale='min(${stillWidthMax},iw)':-2`,
    "-q:v",
    "3",
    "-f",
    "image2",
    output,
  ];
  const result = await runTool(videoTools().ffmpeg, args, stillTimeoutMs);
  return result.code === 0 && (await stat(output).catch(() => undefined))?.size !== undefined && (await stat(output)).size > 0;
}

/**
 * A JPEG of the frame at `seconds` (at most 1280 px wide) written to `output`, which appears only
 * once complete. A second at or past the end takes the last frames instead: a tap in the final
 * moment still gets its picture.
 */
export async function extractStill(video: string, seconds: number, output: string, durationSeconds?: number): Promise<void> {
  const end = durationSeconds === undefined ? Number.POSITIVE_INFINITY : Math.max(0, durationSeconds - 0.1);
  const work = await mkdtemp(path.join(path.dirname(output), ".still-"));
  try {
    const draft = path.join(work, "still.jpg");
    for (const at of [Math.min(Math.max(0, seconds), end), Math.max(0, Math.min(seconds, end) - 1), 0]) {
      if (await grab(video, at, draft)) return await rename(draft, output);
    }
    throw new UnprocessableVideoError(`no frame could be read near ${seconds.toFixed(1)} s`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
