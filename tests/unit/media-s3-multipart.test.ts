import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { copyRanges, fixedParts, inPool, PartBuffers } from "../../lib/media/s3-multipart";

const mib = 1024 * 1024;

describe("fixedParts", () => {
  const collect = async (chunks: Buffer[], partSize: number) => {
    const sizes: number[] = [];
    const bytes: Buffer[] = [];
    const buffers = new PartBuffers(partSize, 2);
    for await (const piece of fixedParts(Readable.from(chunks), buffers)) {
      sizes.push(piece.length);
      bytes.push(Buffer.from(piece));
      buffers.give(piece);
    }
    return { sizes, joined: Buffer.concat(bytes) };
  };

  it("cuts any chunking into pieces of exactly the part size, the last one shorter", async () => {
    const source = Buffer.from(Array.from({ length: 2500 }, (_, i) => i % 251));
    const chunks = [source.subarray(0, 7), source.subarray(7, 1999), source.subarray(1999)];
    expect(await collect(chunks, 1000)).toEqual({ sizes: [1000, 1000, 500], joined: source });
    expect((await collect([source.subarray(0, 2000)], 1000)).sizes).toEqual([1000, 1000]);
  });

  it("gives one empty piece for an empty body", async () => {
    expect((await collect([], 1000)).sizes).toEqual([0]);
  });

  it("reuses a given-back buffer instead of allocating another", () => {
    const buffers = new PartBuffers(16, 1);
    const first = buffers.take();
    buffers.give(first);
    expect(buffers.take()).toBe(first);
    buffers.give(Buffer.alloc(8));
    expect(buffers.take()).not.toHaveLength(8);
  });
});

describe("inPool", () => {
  it("never runs more than the limit at once and reads the source only when there is room", async () => {
    let running = 0;
    let most = 0;
    let taken = 0;
    function* items() {
      for (let i = 0; i < 20; i++) {
        taken++;
        // The pool takes an item only when fewer than the limit are running.
        expect(running).toBeLessThan(3);
        yield i;
      }
    }
    await inPool(items(), 3, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
    });
    expect({ most, taken }).toEqual({ most: 3, taken: 20 });
  });

  it("stops at the first failure and waits for the running ones before throwing it", async () => {
    let finished = 0;
    const outcome = inPool([1, 2, 3, 4, 5, 6], 2, async (item) => {
      await new Promise((resolve) => setTimeout(resolve, item === 2 ? 1 : 10));
      if (item === 2) throw new Error("part 2 failed");
      finished++;
    });
    await expect(outcome).rejects.toThrow("part 2 failed");
    expect(finished).toBeLessThanOrEqual(2);
  });
});

describe("copyRanges", () => {
  it("covers the object with contiguous ranges of the piece size", () => {
    expect(copyRanges(12 * mib + 1, 5 * mib)).toEqual([
      { partNumber: 1, start: 0, end: 5 * mib - 1 },
      { partNumber: 2, start: 5 * mib, end: 10 * mib - 1 },
      { partNumber: 3, start: 10 * mib, end: 12 * mib },
    ]);
  });

  it("grows the pieces so that a huge object needs at most 10,000, each within S3's 5 GiB", () => {
    const size = 5 * 1024 ** 4; // 5 TiB, S3's largest object
    const ranges = copyRanges(size, 256 * mib);
    expect(ranges.length).toBeLessThanOrEqual(10_000);
    expect(ranges.at(-1)!.end).toBe(size - 1);
    expect(Math.max(...ranges.map((range) => range.end - range.start + 1))).toBeLessThanOrEqual(5 * 1024 ** 3);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.start).toBe(ranges[i - 1]!.end + 1);
  });
});
