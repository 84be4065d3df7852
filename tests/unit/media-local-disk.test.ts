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
    expect(JSON.parse(await readFile(path.join(root, "meta/a/b.jpg.json"), "utf8"))).toMatchObject({
      contentType: "image/jpeg",
      size: 5,
    });
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("removes the partial file when the body fails midway, and stores nothing", async () => {
    async function* failing() {
      yield Buffer.from("half");
      throw new Error("source broke");
    }
    await expect(driver.put("broken.bin", Readable.from(failing()), { contentType: "image/png" })).rejects.toThrow(
      "source broke",
    );
    await expect(driver.putContentAddressed(failing(), { contentType: "image/png", prefix: "p" })).rejects.toThrow(
      "source broke",
    );
    expect(await driver.head("broken.bin")).toBeNull();
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("signs links to the app's /media route that expire after 900 seconds by default", async () => {
    const fixed = new LocalDiskDriver({
      root,
      secret: Buffer.from("s".repeat(32)),
      baseUrl: "https://app.example/",
      now: () => 1_800_000_000_500,
    });
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

  it("keeps each part as a record and its bytes under parts/<key>/_parts, and tidies up after completion", async () => {
    const key = "recordings/i/original";
    await driver.appendPart(key, 2, Buffer.from("two"));
    await driver.appendPart(key, 1, Readable.from([Buffer.from("one")]));
    await driver.appendPart(`${key}/nested`, 1, Buffer.from("nested"));
    const names = await readdir(path.join(root, "parts", key, "_parts"));
    expect(names.filter((name) => name.endsWith(".json")).sort()).toEqual(["00001.json", "00002.json"]);
    expect(names.filter((name) => /^0000[12]-[0-9a-f-]{36}$/.test(name))).toHaveLength(2);
    const record = JSON.parse(await readFile(path.join(root, "parts", key, "_parts", "00001.json"), "utf8")) as {
      file: string;
      size: number;
    };
    expect(await readFile(path.join(root, "parts", key, "_parts", record.file), "utf8")).toBe("one");

    await driver.completeParts(key, { contentType: "video/webm", partNumbers: [1, 2] });
    expect(await readFile(path.join(root, "objects", key), "utf8")).toBe("onetwo");
    expect(JSON.parse(await readFile(path.join(root, "meta", `${key}.json`), "utf8"))).toMatchObject({
      contentType: "video/webm",
      size: 6,
    });
    // The nested key's parts keep their folders; nothing else is left of the completed set.
    expect(await readdir(path.join(root, "parts", key))).toEqual(["nested"]);
    await driver.deleteParts(`${key}/nested`);
    expect(await readdir(path.join(root, "parts"))).toEqual([]);
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("leaves no temp file behind a refused part", async () => {
    await driver.appendPart("k", 1, Buffer.from("a"));
    await expect(driver.appendPart("k", 1, Buffer.from("b"))).rejects.toThrow();
    await expect(driver.appendPart("k", 2, Buffer.from("b"), { sha256: "0".repeat(64) })).rejects.toThrow();
    await expect(driver.put("p", Buffer.from("b"), { contentType: "text/plain", sha256: "0".repeat(64) })).rejects.toThrow();
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
    expect((await readdir(path.join(root, "parts/k/_parts"))).sort()).toHaveLength(2);
  });
});
