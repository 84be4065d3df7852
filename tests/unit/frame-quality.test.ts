import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { differenceHash, hammingDistance, sameAreaMaxDistance } from "../../lib/analysis/dhash";
import { frameProblem, measureFrame } from "../../lib/analysis/frame-quality";

// Frames of ffmpeg's test pattern, as the thresholds were measured on (lib/analysis/frame-quality.ts).

let frame: Buffer;
let later: Buffer;
let other: Buffer;

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "walkthrough-frames-"));
  const grab = (source: string, seconds: number, name: string) => {
    const file = path.join(dir, name);
    execFileSync("ffmpeg", [
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `${source}=size=1280x720:rate=24:duration=6`,
      "-ss",
      String(seconds),
      "-frames:v",
      "1",
      file,
    ]);
    return readFileSync(file);
  };
  frame = grab("testsrc2", 1, "a.jpg");
  later = grab("testsrc2", 1.2, "b.jpg");
  other = grab("smptehdbars", 1, "c.jpg");
});

describe("frame quality", () => {
  it("passes a clear frame", async () => {
    expect(frameProblem(await measureFrame(frame))).toBeUndefined();
  });

  it("calls a dark frame dark, a flat one covered, a blurred one blurred", async () => {
    expect(frameProblem(await measureFrame(await sharp(frame).linear(0.08, 0).jpeg().toBuffer()))).toBe("dark");
    expect(
      frameProblem(
        await measureFrame(
          await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#3a3028" } })
            .jpeg()
            .toBuffer(),
        ),
      ),
    ).toBe("covered");
    expect(frameProblem(await measureFrame(await sharp(frame).blur(8).jpeg().toBuffer()))).toBe("blurred");
  });

  it("calls a very dark room dark, not covered, though its contrast is low too", async () => {
    const stats = await measureFrame(await sharp(frame).linear(0.05, 0).jpeg().toBuffer());
    expect(stats.contrast).toBeLessThan(6);
    expect(frameProblem(stats)).toBe("dark");
  });
});

describe("difference hash", () => {
  it("puts frames of the same scene close and unrelated pictures far apart", async () => {
    const a = await differenceHash(frame);
    expect(hammingDistance(a, await differenceHash(later))).toBeLessThanOrEqual(sameAreaMaxDistance);
    expect(
      hammingDistance(a, await differenceHash(await sharp(frame).resize(320).jpeg({ quality: 40 }).toBuffer())),
    ).toBeLessThanOrEqual(4);
    expect(hammingDistance(a, await differenceHash(other))).toBeGreaterThan(sameAreaMaxDistance);
  });
});
