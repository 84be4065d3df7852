import { mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { videoTools } from "./binaries";
import { type MediaProbe, probeMedia } from "./probe-media";
import { runTool, toolExitError, UnprocessableVideoError, VideoToolFailure } from "./run-tool";

/*
 * One MP4 that every phone and browser plays, from the runs of a walkthrough: each run is one
 * recorder session's segments joined byte for byte (or a video file the cleaner chose instead).
 * H.264 in MP4 or QuickTime (what iOS Safari records) is remuxed without re-encoding; anything
 * else (VP8 or VP9 in WebM or MP4, as Chromium records; HEVC from an iPhone's camera app) is
 * transcoded to H.264/AAC. Several runs are joined in order; when they differ, every run is first
 * transcoded to the same size, rate and audio layout, so the join itself copies.
 */

export interface RunSpanResult {
  /** Where the run starts in the output, in seconds. */
  offsetSeconds: number;
  durationSeconds: number;
  /** Copied as recorded (true) or transcoded. */
  remuxed: boolean;
}

export interface AssembledVideo {
  contentType: "video/mp4";
  sizeBytes: number;
  durationSeconds: number;
  runs: RunSpanResult[];
  /** Whether any run was re-encoded. */
  transcoded: boolean;
}

const longSideMax = 1920;
const quiet = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"];
const mp4Out = ["-movflags", "+faststart", "-f", "mp4"];

/** Time for one ffmpeg run: ten minutes plus a second per 50 KB, far above a transcode's real pace. */
function timeoutFor(bytes: number): number {
  return (600 + Math.ceil(bytes / 50_000)) * 1000;
}

function isH264InMp4(probe: MediaProbe): boolean {
  const container = probe.formatName.split(",");
  return (
    probe.video?.codec === "h264" &&
    (container.includes("mp4") || container.includes("mov")) &&
    (!probe.audio || probe.audio.codec === "aac")
  );
}

/** Runs that can be copied and joined as they are: H.264 in MP4, the same picture and the same sound. */
function copyable(probes: MediaProbe[]): boolean {
  if (!probes.every(isH264InMp4)) return false;
  const shape = (probe: MediaProbe) =>
    JSON.stringify([
      probe.video?.width,
      probe.video?.height,
      probe.video?.rotation,
      probe.audio?.codec,
      probe.audio?.sampleRate,
      probe.audio?.channels,
    ]);
  return probes.every((probe) => shape(probe) === shape(probes[0]!));
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The output picture: the first run's as displayed (rotation applied), its long side at most 1920. */
function targetOf(first: MediaProbe): { width: number; height: number; fps: number } {
  const video = first.video!;
  const turned = video.rotation === 90 || video.rotation === 270;
  const width = turned ? video.height : video.width;
  const height = turned ? video.width : video.height;
  const scale = Math.min(1, longSideMax / Math.max(width, height));
  const fps = Math.min(30, Math.max(10, Math.round(video.frameRate && video.frameRate < 120 ? video.frameRate : 30)));
  return { width: even(width * scale), height: even(height * scale), fps };
}

async function ffmpeg(args: string[], timeoutMs: number): Promise<void> {
  const result = await runTool(videoTools().ffmpeg, [...quiet, ...args], timeoutMs);
  if (result.code !== 0) throw toolExitError("ffmpeg", result, "ffmpeg could not use it");
}

async function remux(input: string, output: string, bytes: number): Promise<void> {
  await ffmpeg(["-i", input, "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", ...mp4Out, output], timeoutFor(bytes));
}

/** Re-encodes to the target picture; `withAudio` gives every run a sound track (silence where it had none). */
async function transcode(
  input: string,
  probe: MediaProbe,
  output: string,
  bytes: number,
  target: ReturnType<typeof targetOf>,
  withAudio: boolean,
): Promise<void> {
  const { width, height, fps } = target;
  const picture = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps}`;
  const silence = withAudio && !probe.audio;
  const args = [
    "-fflags",
    "+genpts",
    "-i",
    input,
    ...(silence ? ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"] : []),
    "-map",
    "0:v:0",
    ...(withAudio ? ["-map", silence ? "1:a:0" : "0:a:0"] : []),
    "-vf",
    picture,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "26",
    "-pix_fmt",
    "yuv420p",
    "-threads",
    "2",
    ...(withAudio ? ["-c:a", "aac", "-b:a", "96k", "-ar", "48000", "-ac", "2"] : ["-an"]),
    ...(silence ? ["-shortest"] : []),
    ...mp4Out,
    output,
  ];
  await ffmpeg(args, timeoutFor(bytes));
}

async function concat(work: string, files: string[], output: string, bytes: number): Promise<void> {
  const list = path.join(work, "runs.txt");
  await writeFile(list, files.map((file) => `file '${file.replaceAll("'", "'\\''")}'\n`).join(""));
  await ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-c", "copy", ...mp4Out, output], timeoutFor(bytes));
}

/**
 * Makes `output` from `runFiles`, in order; `output` appears only once complete. Throws
 * UnprocessableVideoError for input that is not a usable video, VideoToolFailure when ffmpeg
 * crashed or ran out of time (worth another attempt).
 */
export async function assembleWalkthrough(runFiles: string[], output: string): Promise<AssembledVideo> {
  if (runFiles.length === 0) throw new UnprocessableVideoError("nothing was recorded");
  const work = await mkdtemp(path.join(path.dirname(output), ".assemble-"));
  try {
    const probes = await Promise.all(runFiles.map((file) => probeMedia(file)));
    const sizes = await Promise.all(runFiles.map(async (file) => (await stat(file)).size));
    const copy = copyable(probes);
    const target = targetOf(probes[0]!);
    const withAudio = probes.some((probe) => probe.audio);
    const normalized: string[] = [];
    for (const [index, file] of runFiles.entries()) {
      const out = path.join(work, `run-${index}.mp4`);
      if (copy) await remux(file, out, sizes[index]!);
      else await transcode(file, probes[index]!, out, sizes[index]!, target, withAudio);
      normalized.push(out);
    }
    const durations = await Promise.all(
      normalized.map(async (file) => {
        const seconds = (await probeMedia(file)).durationSeconds;
        if (seconds === undefined) throw new VideoToolFailure("ffmpeg wrote a run without a duration");
        return seconds;
      }),
    );
    const joined = path.join(work, "joined.mp4");
    const total = sizes.reduce((sum, size) => sum + size, 0);
    let durationSeconds = durations[0]!;
    if (normalized.length === 1) await rename(normalized[0]!, joined);
    else {
      await concat(work, normalized, joined, total);
      durationSeconds = (await probeMedia(joined)).durationSeconds ?? durations.reduce((sum, seconds) => sum + seconds, 0);
    }
    await rename(joined, output);
    let offset = 0;
    const runs = durations.map((seconds) => {
      const span = { offsetSeconds: Math.round(offset * 1000) / 1000, durationSeconds: seconds, remuxed: copy };
      offset += seconds;
      return span;
    });
    return { contentType: "video/mp4", sizeBytes: (await stat(output)).size, durationSeconds, runs, transcoded: !copy };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
