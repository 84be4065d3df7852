import { readdir, rename, stat } from "node:fs/promises";
import path from "node:path";
import { stillWidthMax } from "./extract-still";
import { videoTools } from "./binaries";
import { runTool } from "./run-tool";

/*
 * Frames at given seconds of a video, all in one ffmpeg call, each the same picture a still at
 * that second is (the first frame at or after it, scaled as stills are), so their hashes are the
 * same whichever way they were cut. Two ways, by what costs less to decode: every frame of a short
 * video once, or one fast seek per frame. A seek decodes from the keyframe before its second, and
 * the seal's encoder puts up to 250 frames (about 10 s) between keyframes: 12 seeks can cost a
 * minute of video, so a video up to a minute long is read straight through.
 */

const cutTimeoutMs = 120_000;
export const singlePassMaxSeconds = 60;

export interface CutFrame {
  /** Index into the seconds asked for. */
  index: number;
  /** A JPEG, at most `stillWidthMax` px wide. */
  file: string;
}

const scale = `scale='min(${stillWidthMax},iw)':-2`;
const jpeg = ["-q:v", "3", "-f", "image2"];
const quiet = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"];

/** Every frame decoded once; `select` keeps, for each second asked (ascending), the first frame at or after it. */
function singlePassArgs(video: string, seconds: readonly number[], dir: string): string[] {
  const select = seconds.map((at, index) => `eq(selected_n\\,${index})*gte(t\\,${at.toFixed(3)})`).join("+");
  return [
    ...quiet,
    "-an",
    "-sn",
    "-dn",
    "-i",
    video,
    "-vf",
    `select='${select}',${scale}`,
    "-vsync",
    "vfr",
    ...jpeg,
    path.join(dir, "pass-%d.jpg"),
  ];
}

/** One input per second, each `-ss` before its `-i` (a fast seek to the keyframe, then decoded to that second). */
function seekArgs(video: string, seconds: readonly number[], dir: string): string[] {
  const inputs = seconds.flatMap((at) => ["-an", "-sn", "-dn", "-ss", at.toFixed(3), "-i", video]);
  const outputs = seconds.flatMap((_, index) => [
    "-map",
    `${index}:v:0`,
    "-frames:v",
    "1",
    "-vf",
    scale,
    ...jpeg,
    path.join(dir, `seek-${index + 1}.jpg`),
  ]);
  return [...quiet, ...inputs, ...outputs];
}

/**
 * JPEGs of the frames at `seconds` (ascending, within the video) in `dir`, cut by one ffmpeg.
 * Answers the frames it got, in order; a second no frame could be read at is left out. `way`
 * chooses the way rather than the video's length (tests compare the two).
 */
export async function cutFrames(
  video: string,
  seconds: readonly number[],
  dir: string,
  durationSeconds: number,
  way: "single-pass" | "seek" = durationSeconds <= singlePassMaxSeconds ? "single-pass" : "seek",
): Promise<CutFrame[]> {
  if (seconds.length === 0) return [];
  const args = way === "single-pass" ? singlePassArgs(video, seconds, dir) : seekArgs(video, seconds, dir);
  // A second past the last frame gives no picture; the others are kept (its exit code says nothing more).
  await runTool(videoTools().ffmpeg, args, cutTimeoutMs);
  const prefix = way === "single-pass" ? "pass-" : "seek-";
  const written = new Set((await readdir(dir)).filter((name) => name.startsWith(prefix)));
  const frames: CutFrame[] = [];
  for (let index = 0; index < seconds.length; index++) {
    const name = `${prefix}${index + 1}.jpg`;
    if (!written.has(name) || (await stat(path.join(dir, name))).size === 0) continue;
    const file = path.join(dir, `${index}.jpg`);
    await rename(path.join(dir, name), file);
    frames.push({ index, file });
  }
  return frames;
}
