import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type TestVideoFormat =
  /** Fragmented H.264/AAC MP4, as iOS Safari's MediaRecorder writes it. */
  | "mp4-h264-fragmented"
  /** WebM VP8/Opus written to a pipe: no duration, no cues, as Chromium's MediaRecorder writes it. */
  | "webm-vp8-stream"
  /** Fragmented MP4 holding VP9/Opus: what Chromium records when asked for video/mp4. */
  | "mp4-vp9-fragmented"
  /** A plain H.264 MP4 file, as a phone's camera app saves it. */
  | "mp4-h264";

export interface TestVideoOptions {
  format: TestVideoFormat;
  seconds: number;
  width?: number;
  height?: number;
  audio?: boolean;
  /**
   * What the camera sees: ffmpeg's moving test pattern (default); a lens covered in the dark; or
   * "rooms", three different patterns one after another, as a walk from room to room looks.
   */
  scene?: "pattern" | "dark" | "rooms";
}

const codecs: Record<TestVideoFormat, string[]> = {
  "mp4-h264-fragmented": [
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-movflags",
    "frag_keyframe+empty_moov+default_base_moof",
    "-f",
    "mp4",
  ],
  "webm-vp8-stream": [
    "-c:v",
    "libvpx",
    "-deadline",
    "realtime",
    "-cpu-used",
    "8",
    "-b:v",
    "500k",
    "-c:a",
    "libopus",
    "-f",
    "webm",
  ],
  "mp4-vp9-fragmented": [
    "-c:v",
    "libvpx-vp9",
    "-deadline",
    "realtime",
    "-cpu-used",
    "8",
    "-b:v",
    "500k",
    "-c:a",
    "libopus",
    "-movflags",
    "frag_keyframe+empty_moov+default_base_moof",
    "-f",
    "mp4",
  ],
  "mp4-h264": [
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
  ],
};

/**
 * A test video made by the system's ffmpeg from a moving test pattern (and a tone), in a format a
 * phone records. WebM goes through a pipe so it lacks duration and cues, like MediaRecorder's.
 */
export async function makeTestVideo(dir: string, name: string, options: TestVideoOptions): Promise<Buffer> {
  const { format, seconds, width = 320, height = 240, audio = true } = options;
  const file = path.join(dir, name);
  const size = `size=${width}x${height}:rate=24`;
  const pictures =
    options.scene === "dark"
      ? [`color=c=0x0c0b0a:${size}:duration=${seconds}`]
      : options.scene === "rooms"
        ? ["testsrc2", "smptehdbars", "rgbtestsrc"].map((pattern) => `${pattern}=${size}:duration=${seconds / 3}`)
        : [`testsrc2=${size}:duration=${seconds}`];
  const inputs = pictures.flatMap((picture) => ["-f", "lavfi", "-i", picture]);
  if (audio) inputs.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  const joined =
    pictures.length > 1
      ? [
          "-filter_complex",
          `${pictures.map((_, index) => `[${index}:v]`).join("")}concat=n=${pictures.length}:v=1:a=0[v]`,
          "-map",
          "[v]",
          ...(audio ? ["-map", `${pictures.length}:a`] : []),
        ]
      : [];
  const args = ["-nostdin", "-loglevel", "error", "-y", ...inputs, ...joined, ...(audio ? [] : ["-an"]), ...codecs[format]];
  if (format === "webm-vp8-stream") {
    const { stdout } = await run("ffmpeg", [...args, "pipe:1"], { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  }
  await run("ffmpeg", [...args, file]);
  return readFile(file);
}
