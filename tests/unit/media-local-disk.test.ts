import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskDriver } from "../../lib/media/local-disk-driver";

describe("local disk driver", () => {
  let root: string;
  let driver: LocalDiskDriver;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "walkthrough-media-unit-"));
    driver = new LocalDiskDriver({ root, secret: Buffer.from("s".repeat(32)), baseUrl: "https://app.example/" });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("keeps the bytes under objects/, metadata beside them, and no temporary file", async () => {
    await driver.put("a/b.jpg", Buffer.from("bytes"), { contentType: "image/jpeg" });
    await driver.putContentAddressed(Buffer.from("bytes"), { contentType: "image/jpeg", prefix: "p" });
    await driver.putContentAddressed(Buffer.from("bytes"), { contentType: "image/jpeg", prefix: "p" });
    expect(await readFile(path.join(root, "objects/a/b.jpg"), "utf8")).toBe("bytes");
    expect(JSON.parse(await readFile(path.join(root, "meta/a/b.jpg.json"), "utf8"))).toMatchObject({ contentType: "image/jpeg", size: 5 });
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("removes the partial file when the body fails midway, and stores nothing", async () => {
    async function* failing() {
      yield Buffer.from("half");
      throw new Error("source broke");
    }
    await expect(driver.put("broken.bin", Readable.from(failing()), { contentType: "image/png" })).rejects.toThrow("source broke");
    await expect(driver.putContentAddressed(failing(), { contentType: "image/png", prefix: "p" })).rejects.toThrow("source broke");
    expect(await driver.head("broken.bin")).toBeNull();
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("signs links to the app's /media route that expire after 900 seconds by default", async () => {
    const fixed = new LocalDiskDriver({ root, secret: Buffer.from("s".repeat(32)), baseUrl: "https://app.example/", now: () => 1_800_000_000_500 });
    const link = await fixed.signedUrl("a/b.jpg");
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://app.example/media/a/b.jpg");
    expect(url.searchParams.get("expires")).toBe("1800000900");
    expect(link.expiresAt.toISOString()).toBe(new Date(1_800_000_900_000).toISOString());
    expect(fixed.verifyLink({ key: "a/b.jpg", expires: 1_800_000_900 }, url.searchParams.get("signature")!)).toBe(true);
  });

  it("refuses a range outside the object", async () => {
    await driver.put("r.txt", Buffer.from("0123"), { contentType: "text/plain" });
    await expect(driver.get("r.txt", { range: { start: 2, end: 4 } })).rejects.toThrow(RangeError);
  });
});
