import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assembleWalkthrough } from "../../lib/video/assemble-walkthrough";
import { readFile } from "node:fs/promises";
import { extractStill, extractStills } from "../../lib/video/extract-still";
import { probeMedia } from "../../lib/video/probe-media";
import { videoTools } from "../../lib/video/binaries";
import { runTool, toolExitError, UnprocessableVideoError, VideoToolFailure } from "../../lib/video/run-tool";
import { makeTestVideo, type TestVideoOptions } from "../support/video-fixtures";

// Real ffmpeg on real files: the system's (Debian's in CI), as the seal runs it.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-video-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let made = 0;
/** A run file: the video's bytes cut into 3 segments and joined again byte for byte, as the seal joins parts. */
async function runFile(options: TestVideoOptions): Promise<string> {
  const bytes = await makeTestVideo(dir, `source-${++made}`, options);
  const third = Math.ceil(bytes.length / 3);
  const joined = Buffer.concat([bytes.subarray(0, third), bytes.subarray(third, 2 * third), bytes.subarray(2 * third)]);
  const file = path.join(dir, `run-${made}`);
  await writeFile(file, joined);
  return file;
}

const output = () => path.join(dir, `out-${++made}.mp4`);

describe("assembleWalkthrough", () => {
  it("remuxes iOS's fragmented H.264 MP4 without re-encoding", async () => {
    const out = output();
    const result = await assembleWalkthrough([await runFile({ format: "mp4-h264-fragmented", seconds: 3 })], out);
    expect(result).toMatchObject({ contentType: "video/mp4", transcoded: false, runs: [{ offsetSeconds: 0, remuxed: true }] });
    expect(result.durationSeconds).toBeCloseTo(3, 0);
    const probe = await probeMedia(out);
    expect(probe.video?.codec).toBe("h264");
    expect(probe.audio?.codec).toBe("aac");
    expect(result.sizeBytes).toBe((await stat(out)).size);
  });

  it("transcodes Chromium's WebM (no duration in the container) to H.264 MP4 and measures it", async () => {
    const input = await runFile({ format: "webm-vp8-stream", seconds: 3 });
    expect((await probeMedia(input)).durationSeconds).toBeUndefined();
    const out = output();
    const result = await assembleWalkthrough([input], out);
    expect(result.transcoded).toBe(true);
    expect(result.durationSeconds).toBeGreaterThan(2.8);
    expect(result.durationSeconds).toBeLessThan(3.2);
    const probe = await probeMedia(out);
    expect([probe.video?.codec, probe.audio?.codec, probe.formatName.split(",")]).toEqual([
      "h264",
      "aac",
      expect.arrayContaining(["mp4"]),
    ]);
  });

  it("transcodes VP9 in MP4 (Chromium asked for video/mp4)", async () => {
    const out = output();
    const result = await assembleWalkthrough([await runFile({ format: "mp4-vp9-fragmented", seconds: 2 })], out);
    expect(result.transcoded).toBe(true);
    expect((await probeMedia(out)).video?.codec).toBe("h264");
  });

  it("joins runs in order, each offset at the real end of the one before, whatever their sizes", async () => {
    const first = await runFile({ format: "webm-vp8-stream", seconds: 3 });
    const second = await runFile({ format: "webm-vp8-stream", seconds: 2, width: 640, height: 360 });
    const out = output();
    const result = await assembleWalkthrough([first, second], out);
    expect(result.runs).toHaveLength(2);
    expect(result.runs[1]!.offsetSeconds).toBeCloseTo(result.runs[0]!.durationSeconds, 2);
    expect(result.durationSeconds).toBeGreaterThan(4.7);
    expect(result.durationSeconds).toBeLessThan(5.3);
    // The first run's picture for the whole video.
    expect((await probeMedia(out)).video).toMatchObject({ codec: "h264", width: 320, height: 240 });
  });

  it("joins a run without sound to one with sound, and an MP4 run to a WebM one", async () => {
    const out = output();
    const result = await assembleWalkthrough(
      [
        await runFile({ format: "mp4-h264-fragmented", seconds: 2 }),
        await runFile({ format: "webm-vp8-stream", seconds: 2, audio: false }),
      ],
      out,
    );
    expect(result.transcoded).toBe(true);
    expect(result.durationSeconds).toBeGreaterThan(3.7);
    expect(result.durationSeconds).toBeLessThan(4.3);
    expect((await probeMedia(out)).audio?.codec).toBe("aac");
  });

  it("copies two H.264 runs of the same shape and joins them without re-encoding", async () => {
    const out = output();
    const result = await assembleWalkthrough(
      [
        await runFile({ format: "mp4-h264-fragmented", seconds: 2 }),
        await runFile({ format: "mp4-h264-fragmented", seconds: 2 }),
      ],
      out,
    );
    expect(result.transcoded).toBe(false);
    expect(result.durationSeconds).toBeCloseTo(4, 0);
  });

  it("keeps a portrait video portrait, and joins a landscape run into its frame", async () => {
    const out = output();
    await assembleWalkthrough(
      [
        await runFile({ format: "webm-vp8-stream", seconds: 1, width: 180, height: 320 }),
        await runFile({ format: "webm-vp8-stream", seconds: 1 }),
      ],
      out,
    );
    expect((await probeMedia(out)).video).toMatchObject({ width: 180, height: 320 });
    const still = path.join(dir, "upright.jpg");
    await extractStill(out, 0.5, still);
    expect(await sharp(still).metadata()).toMatchObject({ width: 180, height: 320 });
  });

  it("refuses what is not a video, and leaves nothing at the output path", async () => {
    const garbage = path.join(dir, "garbage");
    await writeFile(garbage, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(5000, 7)]));
    const truncated = path.join(dir, "truncated");
    const whole = await makeTestVideo(dir, "whole", { format: "mp4-h264-fragmented", seconds: 2 });
    await writeFile(truncated, whole.subarray(0, 400));
    for (const input of [garbage, truncated]) {
      const out = output();
      await expect(assembleWalkthrough([input], out)).rejects.toBeInstanceOf(UnprocessableVideoError);
      expect(existsSync(out)).toBe(false);
    }
    expect((await readdir(dir)).filter((name) => name.startsWith(".assemble-"))).toEqual([]);
  });
});

describe("a failed ffmpeg", () => {
  const ffmpeg = () => videoTools().ffmpeg;
  const testSource = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=10"];

  it("is the recording's fault only when it says the data is bad", async () => {
    const garbage = path.join(dir, "garbage-input");
    await writeFile(garbage, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(5000, 7)]));
    const bad = await runTool(ffmpeg(), ["-nostdin", "-v", "error", "-i", garbage, "-f", "null", "-"], 60_000);
    expect(bad.code).not.toBe(0);
    expect(toolExitError("ffmpeg", bad, "could not use it")).toBeInstanceOf(UnprocessableVideoError);
  });

  it("out of disk is the machine's trouble: worth another attempt", async () => {
    const full = await runTool(
      ffmpeg(),
      ["-nostdin", "-v", "error", "-y", ...testSource, "-t", "3", "-c:v", "libx264", "-f", "mp4", "/dev/full"],
      60_000,
    );
    expect(full.code).not.toBe(0);
    expect(toolExitError("ffmpeg", full, "could not use it")).toBeInstanceOf(VideoToolFailure);
  });

  it("stopped by a signal is the machine's trouble: worth another attempt", async () => {
    // A real-time encode that would run a minute, stopped by SIGTERM once started.
    const script = `"$0" -nostdin -v error -re ${testSource.join(" ")} -t 60 -f null - & pid=$!; sleep 1; kill -TERM $pid; wait $pid`;
    const stopped = await runTool("/bin/sh", ["-c", script, ffmpeg()], 60_000);
    expect(stopped.code).not.toBe(0);
    expect(toolExitError("ffmpeg", stopped, "could not use it")).toBeInstanceOf(VideoToolFailure);
  });
});

describe("extractStill", () => {
  it("writes a JPEG of the frame at a second, at most 1280 wide, and clamps a second past the end", async () => {
    const video = output();
    await assembleWalkthrough([await runFile({ format: "mp4-h264-fragmented", seconds: 2, width: 1920, height: 1080 })], video);
    const at = path.join(dir, "still-1.jpg");
    await extractStill(video, 1, at, 2);
    expect(await sharp(at).metadata()).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
    const past = path.join(dir, "still-past.jpg");
    await extractStill(video, 30, past, 2);
    expect((await sharp(past).metadata()).format).toBe("jpeg");
  });

  it("cuts several stills in one call, each of its own moment", async () => {
    const video = output();
    await assembleWalkthrough([await runFile({ format: "mp4-h264-fragmented", seconds: 3 })], video);
    const stills = [0.2, 1.5, 2.8].map((seconds, index) => ({ seconds, output: path.join(dir, `many-${index}.jpg`) }));
    await extractStills(video, stills, 3);
    const bytes = await Promise.all(stills.map((still) => readFile(still.output)));
    expect(new Set(bytes.map((image) => image.toString("base64"))).size).toBe(3);
  });
});
