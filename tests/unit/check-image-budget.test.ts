import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImage } from "@/lib/fetch/check-image";
import { WeightedSemaphore } from "@/lib/concurrency/weighted-semaphore";
import { decodeBudget, decodePixelsAtOnce } from "@/lib/fetch/decode-budget";
import { FetchRefusal } from "@/lib/fetch/fetch-refusal";
import { until } from "@/tests/support/until";

const root = path.resolve(import.meta.dirname, "../..");
const mp = 1_000_000;
let dir: string;
const files: Record<string, string> = {};

/** Resolves when told to: stands for a decode that is running. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-decode-budget-"));
  const save = async (name: string, image: Promise<Buffer>) => {
    files[name] = path.join(dir, name);
    await writeFile(files[name], await image);
  };
  // 100 megapixels in a few KB (lossless WebP) and a few MB (interlaced PNG): decompression bombs
  // within the limits, which an interlaced PNG must decode whole before its first row comes out.
  await save("bomb.webp", solid(10_000, 10_000).webp({ lossless: true }).toBuffer());
  await save("bomb.png", solid(10_000, 10_000).png({ progressive: true, compressionLevel: 1 }).toBuffer());
  // The same pixels as 16-bit RGBA: eight times the bytes to inflate and de-interlace before the
  // first row, so its decode outlives a 1-second budget even on a fast, idle machine (~1.5 s here).
  await save(
    "slow-bomb.png",
    sharp({ create: { width: 10_000, height: 10_000, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 0.5 } } })
      .toColourspace("rgb16")
      .png({ progressive: true, compressionLevel: 1 })
      .toBuffer(),
  );
  await save("small-a.jpg", solid(4_000, 3_000).jpeg().toBuffer());
  await save("small-b.jpg", solid(4_000, 3_001).jpeg().toBuffer());
  const noise = { type: "gaussian" as const, mean: 128, sigma: 40 };
  const noisy = () => sharp({ create: { width: 403, height: 301, channels: 3, background: "#808080", noise } });
  const formats: [string, Promise<Buffer>][] = [
    ["jpeg.jpg", noisy().jpeg().toBuffer()],
    ["progressive.jpg", noisy().jpeg({ progressive: true }).toBuffer()],
    ["lossy.webp", noisy().webp().toBuffer()],
    ["lossless.webp", noisy().webp({ lossless: true }).toBuffer()],
    ["plain.png", noisy().png().toBuffer()],
    ["interlaced.png", noisy().png({ progressive: true }).toBuffer()],
  ];
  for (const [name, image] of formats) {
    const bytes = await image;
    await save(name, Promise.resolve(bytes));
    await save(`half-${name}`, Promise.resolve(bytes.subarray(0, bytes.length >> 1)));
  }
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

const typeOf = (name: string) => (name.endsWith(".jpg") ? "image/jpeg" : name.endsWith(".png") ? "image/png" : "image/webp");

describe("WeightedSemaphore", () => {
  it("never runs two capacity-sized decodes together, and runs small ones side by side", async () => {
    const budget = new WeightedSemaphore(100 * mp);
    const running = new Set<string>();
    const seen: string[][] = [];
    const gates = { big1: gate(), big2: gate(), s1: gate(), s2: gate(), s3: gate() };
    const work = (name: keyof typeof gates, pixels: number) =>
      budget.run(pixels, async () => {
        running.add(name);
        seen.push([...running].sort());
        await gates[name].opened;
        running.delete(name);
      });
    const done = [work("s1", 12 * mp), work("s2", 12 * mp), work("big1", 100 * mp), work("s3", 12 * mp), work("big2", 100 * mp)];
    await Promise.resolve();
    // s1 and s2 run together; big1 waits for them, and s3 (after big1) waits behind big1.
    expect(seen).toEqual([["s1"], ["s1", "s2"]]);
    gates.s1.open();
    gates.s2.open();
    await until("the next decode to start", async () => (seen.length === 3 ? true : undefined), 5_000, 1);
    expect(seen.at(-1)).toEqual(["big1"]);
    gates.big1.open();
    await until("the next decode to start", async () => (seen.length === 4 ? true : undefined), 5_000, 1);
    expect(seen.at(-1)).toEqual(["s3"]);
    gates.s3.open();
    gates.big2.open();
    await Promise.all(done);
    expect(seen.map((names) => names.join("+"))).toEqual(["s1", "s1+s2", "big1", "s3", "big2"]);
    expect(budget.highWater).toBe(100 * mp);
  });

  it("releases its pixels when the work fails", async () => {
    const budget = new WeightedSemaphore(10);
    await expect(budget.run(10, () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await budget.run(10, async () => "ran")).toBe("ran");
  });
});

describe("checkImage's decode budget (real sharp decodes)", () => {
  it("decodes small photos side by side and two 100 MP images one after the other", { timeout: 60_000 }, async () => {
    expect(decodeBudget().capacity).toBe(decodePixelsAtOnce);
    await Promise.all([checkImage(files["small-a.jpg"]!, "image/jpeg"), checkImage(files["small-b.jpg"]!, "image/jpeg")]);
    expect(decodeBudget().highWater).toBeGreaterThanOrEqual(24 * mp);
    const [webp, png] = await Promise.all([
      checkImage(files["bomb.webp"]!, "image/webp"),
      checkImage(files["bomb.png"]!, "image/png"),
    ]);
    expect([webp, png]).toEqual([
      { width: 10_000, height: 10_000 },
      { width: 10_000, height: 10_000 },
    ]);
    expect(decodeBudget().highWater).toBe(decodePixelsAtOnce);
  });

  it("refuses a decode that outlives its time budget as content_mismatch", { timeout: 60_000 }, async () => {
    // The interlaced 16-bit 100 MP PNG buffers for about 1.5 s here before its first row (the
    // 8-bit one takes under 1 s on this machine idle); sharp's timeout stops it at the first row after 1 s.
    const failure = await checkImage(files["slow-bomb.png"]!, "image/png", { timeoutSeconds: 1 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FetchRefusal);
    expect((failure as FetchRefusal).reason).toBe("content_mismatch");
    expect((failure as FetchRefusal).message).toMatch(/timeout/);
  });

  it.each(["jpeg.jpg", "progressive.jpg", "lossy.webp", "lossless.webp", "plain.png", "interlaced.png"])(
    "still proves every byte of %s decodes: whole passes, truncated is refused",
    async (name) => {
      expect(await checkImage(files[name]!, typeOf(name))).toEqual({ width: 403, height: 301 });
      await expect(checkImage(files[`half-${name}`]!, typeOf(name))).rejects.toMatchObject({ reason: "content_mismatch" });
    },
  );

  it("decodes a 100 MP WebP in far less memory than its pixels (a process of its own)", { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/support/decode-peak.ts", files["bomb.webp"]!, "image/webp"],
      { cwd: root },
    );
    const peak = JSON.parse(stdout) as { before: number; after: number; width: number };
    expect(peak.width).toBe(10_000);
    // The pixels alone are 286 MiB (RGB); decoding them whole took ~770 MiB more than the
    // process's baseline, the shrink-on-load check ~60.
    expect(peak.after - peak.before).toBeLessThan(200);
  });
});
