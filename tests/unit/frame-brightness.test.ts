import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { isDark, lumaOf, meanLuma } from "../../lib/analysis/frame-brightness";
import { frameProblem, frameThresholds, measureFrame } from "../../lib/analysis/frame-quality";
import { DarkWatch, holdMs } from "../../lib/recorder-app/too-dark";
import { torchSupported } from "../../lib/recorder-app/torch";

/*
 * The phone's too-dark notice and the server's frame-quality check must agree: the same frame,
 * measured the phone's way (a 32x18 RGBA sample, as the canvas gives it) and the server's way
 * (measureFrame of a JPEG, the frame's raw pixels on a 640-wide copy), is dark to both or to neither.
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

/** A picture as a canvas's getImageData answers it: RGBA, one colour, or a colour on a black half. */
function canvasPixels(width: number, height: number, colour: [number, number, number], half = false): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const lit = !half || x < width / 2;
      rgba.set(lit ? [...colour, 255] : [0, 0, 0, 255], at);
    }
  return rgba;
}

describe("the same picture measured by the phone and by the server", () => {
  // Saturated colours are where a gamma-space weighting or a single channel goes wrong: the old
  // server read sharp's stats() of its input, the red channel, and called (200, 0, 0) 200.
  it.each([
    ["grey", [128, 128, 128], false],
    ["saturated red", [200, 0, 0], false],
    ["saturated green", [0, 200, 0], false],
    ["saturated blue", [0, 0, 220], false],
    ["red on black", [230, 20, 20], true],
    ["dark", [16, 14, 12], false],
  ] as const)("%s: the same brightness within two levels", async (_name, colour, half) => {
    const [width, height] = [320, 180];
    const rgba = canvasPixels(width, height, [...colour], half);
    const phone = meanLuma(rgba);
    const jpeg = await sharp(Buffer.from(rgba), { raw: { width, height, channels: 4 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const server = await measureFrame(jpeg);
    expect(Math.abs(phone - server.brightness), `phone ${phone}, server ${server.brightness}`).toBeLessThanOrEqual(2);
    expect(isDark(server.brightness)).toBe(isDark(phone));
  });

  it("weighs a pixel as sharp's greyscale does (linear-light Rec. 709)", async () => {
    for (const colour of [
      [200, 0, 0],
      [0, 200, 0],
      [0, 0, 200],
      [90, 160, 30],
      [10, 10, 10],
    ] as const) {
      const { data } = await sharp({
        create: { width: 1, height: 1, channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } },
      })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.abs(lumaOf(colour[0], colour[1], colour[2]) - data[0]!), `${colour.join(",")}`).toBeLessThanOrEqual(1);
    }
  });

  it("measures contrast on the grey picture, not on one channel", async () => {
    // Red and green halves of the same grey have almost no contrast in grey; the red channel alone has a lot.
    const [width, height] = [320, 180];
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let at = 0; at < rgba.length; at += 4) rgba.set((at / 4) % width < width / 2 ? [255, 0, 0, 255] : [0, 148, 0, 255], at);
    const server = await measureFrame(
      await sharp(Buffer.from(rgba), { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer(),
    );
    expect(server.contrast).toBeLessThan(3);
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
