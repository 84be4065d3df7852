import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { isDark, meanLuma } from "../../lib/analysis/frame-brightness";
import { frameProblem, frameThresholds, measureFrame } from "../../lib/analysis/frame-quality";
import { DarkWatch, holdMs } from "../../lib/recorder-app/too-dark";
import { torchSupported } from "../../lib/recorder-app/torch";

/*
 * The phone's too-dark notice and the server's frame-quality check must agree: the same frame,
 * measured the phone's way (a 32x18 RGBA sample, as the canvas gives it) and the server's way
 * (sharp's greyscale mean on a 640-wide copy), is dark to both or to neither.
 */

const frames: Record<string, Buffer> = {};

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "walkthrough-brightness-"));
  const grab = (name: string, filter?: string) => {
    const file = path.join(dir, `${name}.png`);
    execFileSync("ffmpeg", [
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=1280x720:rate=24:duration=2",
      ...(filter ? ["-vf", filter] : []),
      "-frames:v",
      "1",
      file,
    ]);
    frames[name] = readFileSync(file);
  };
  grab("bright");
  grab("dim5", "lutrgb=r=val*0.05:g=val*0.05:b=val*0.05");
  grab("dim15", "lutrgb=r=val*0.15:g=val*0.15:b=val*0.15");
  grab("dim40", "lutrgb=r=val*0.4:g=val*0.4:b=val*0.4");
});

/** The phone's measure: the frame scaled to the canvas's 32x18, RGBA, mean luma. */
async function phoneBrightness(frame: Buffer): Promise<number> {
  const { data } = await sharp(frame).resize(32, 18, { fit: "fill" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return meanLuma(data);
}

describe("the phone and the server agree on a dark frame", () => {
  it.each([
    ["bright", false],
    ["dim5", true],
    ["dim15", true],
    ["dim40", false],
  ])("%s: dark to both = %s", async (name, dark) => {
    const server = await measureFrame(frames[name]!);
    const phone = await phoneBrightness(frames[name]!);
    expect(frameProblem({ ...server, contrast: 100, sharpness: 100 }) === "dark", `server ${server.brightness}`).toBe(dark);
    expect(isDark(phone), `phone ${phone}`).toBe(dark);
    // The two measures differ by a few grey levels at most, far less than the threshold's margin.
    expect(Math.abs(phone - server.brightness)).toBeLessThan(6);
  });

  it("uses the server's threshold", () => {
    expect(isDark(frameThresholds.darkBelow - 0.1)).toBe(true);
    expect(isDark(frameThresholds.darkBelow)).toBe(false);
  });
});

describe("the too-dark notice", () => {
  it("shows after a second dark, hides after a second bright, and marks the dark seconds", () => {
    const watch = new DarkWatch(2, 10_000);
    const at = (seconds: number) => 10_000 + seconds * 1000;
    expect(watch.sample(5, at(1))).toBe(false);
    expect(watch.sample(5, at(1.5))).toBe(false);
    expect(watch.sample(5, at(1) + holdMs)).toBe(true);
    // A flicker of light does not hide it.
    expect(watch.sample(200, at(2.3))).toBe(true);
    expect(watch.sample(5, at(2.6))).toBe(true);
    expect(watch.sample(200, at(3))).toBe(true);
    expect(watch.sample(200, at(4))).toBe(false);
    expect(watch.finish()).toEqual([
      { run: 2, from: 1, to: 2 },
      { run: 2, from: 2.6, to: 2.6 },
    ]);
  });

  it("closes a span still open when the run stops", () => {
    const watch = new DarkWatch(0, 0);
    watch.sample(3, 500);
    watch.sample(3, 4000);
    expect(watch.finish()).toEqual([{ run: 0, from: 0.5, to: 4 }]);
  });
});

describe("the torch", () => {
  it("shows only where the track's capabilities offer it", () => {
    expect(torchSupported({ torch: true })).toBe(true);
    expect(torchSupported({ torch: [false, true] })).toBe(true);
    expect(torchSupported({ torch: false })).toBe(false);
    expect(torchSupported({ width: { min: 1, max: 1280 } })).toBe(false);
    expect(torchSupported(undefined)).toBe(false);
  });
});
