import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { videoTools } from "./binaries";
import { runTool, UnprocessableVideoError } from "./run-tool";

const stillTimeoutMs = 120_000;
/** Stills are scaled down to this width at most (aspect kept), never up: the evidence records say so. */
export const stillWidthMax = 1280;
/** Stills cut by one ffmpeg: one process start for many taps, each input seeking on its own. */
const stillsPerRun = 10;

export interface StillRequest {
  position?: number;
  seconds: number;
  /** Appears only once complete. */
  output: string;
}

const exists = async (file: string) => ((await stat(file).catch(() => undefined))?.size ?? 0) > 0;

/** One ffmpeg for several stills: every `-ss` before its own `-i` seeks fast to its keyframe. */
async function grab(video: string, requests: { seconds: number; file: string }[]): Promise<void> {
  const inputs = requests.flatMap((request) => ["-ss", request.seconds.toFixed(3), "-i", video]);
  const outputs = requests.flatMap((request, index) => [
    "-map",
    `${index}:v:0`,
    "-frames:v",
    "1",
    "-vf",
    `scale='min(${stillWidthMax},iw)':-2`,
    "-q:v",
    "3",
    "-f",
    "image2",
    request.file,
  ]);
  await runTool(
    videoTools().ffmpeg,
    ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...inputs, ...outputs],
    stillTimeoutMs,
  );
}

/**
 * JPEGs of the frames at the seconds asked (at most 1280 px wide), each written to its output,
 * which appears only once complete. A second at or past the end takes the last frames instead:
 * a tap in the final moment still gets its picture. Answers the requests that got one (a moment
 * no frame can be read near, even a second earlier or at the start, is left out).
 */
export async function extractStills<R extends StillRequest>(
  video: string,
  requests: R[],
  durationSeconds?: number,
): Promise<R[]> {
  if (requests.length === 0) return [];
  const end = durationSeconds === undefined ? Number.POSITIVE_INFINITY : Math.max(0, durationSeconds - 0.1);
  const work = await mkdtemp(path.join(path.dirname(requests[0]!.output), ".stills-"));
  try {
    const drafts = requests.map((request, index) => ({
      request,
      seconds: Math.min(Math.max(0, request.seconds), end),
      file: path.join(work, `${index}.jpg`),
    }));
    for (let at = 0; at < drafts.length; at += stillsPerRun) await grab(video, drafts.slice(at, at + stillsPerRun));
    const cut: R[] = [];
    for (const draft of drafts) {
      // A frame that could not be read there (a seek past the last keyframe): a second earlier, then the start.
      for (const fallback of [Math.max(0, draft.seconds - 1), 0]) {
        if (await exists(draft.file)) break;
        await grab(video, [{ seconds: fallback, file: draft.file }]);
      }
      if (!(await exists(draft.file))) continue;
      await rename(draft.file, draft.request.output);
      cut.push(draft.request);
    }
    return cut;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** One still (see extractStills); throws UnprocessableVideoError when no frame can be read near it. */
export async function extractStill(video: string, seconds: number, output: string, durationSeconds?: number): Promise<void> {
  const cut = await extractStills(video, [{ seconds, output }], durationSeconds);
  if (cut.length === 0) throw new UnprocessableVideoError(`no frame could be read near ${seconds.toFixed(1)} s`);
}
