import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImage } from "../../lib/fetch/check-image";

describe("photo checks in a long-running worker", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "walkthrough-media-check-"));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps nothing in libvips' operation cache after decoding photos", async () => {
    for (let i = 0; i < 3; i++) {
      const file = path.join(dir, `photo-${i}.jpg`);
      await sharp({ create: { width: 1200 + i, height: 900, channels: 3, background: { r: 40 * i, g: 90, b: 160 } } })
        .jpeg()
        .toFile(file);
      expect(await checkImage(file, "image/jpeg")).toEqual({ width: 1200 + i, height: 900 });
    }
    const cache = sharp.cache();
    expect({ memory: cache.memory.max, files: cache.files.max, items: cache.items.max }).toEqual({
      memory: 0,
      files: 0,
      items: 0,
    });
    expect({ memory: cache.memory.current, files: cache.files.current, items: cache.items.current }).toEqual({
      memory: 0,
      files: 0,
      items: 0,
    });
  });
});
