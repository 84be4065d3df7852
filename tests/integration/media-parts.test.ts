import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidPartError, MissingPartsError, PartChecksumError, PartConflictError } from "../../lib/media/errors";
import { InvalidMediaKeyError } from "../../lib/media/keys";
import type { S3Driver } from "../../lib/media/s3-driver";
import type { MediaStorage } from "../../lib/media/storage";
import { localDriverOfApp } from "../support/media";
import { digestOf, generatedBytes, readAll, sha256Of } from "../support/media-bytes";
import { bucketKeys, s3DriverOn, startTestS3Server, type TestS3Server } from "../support/s3-server";

const mib = 1024 * 1024;
let s3: TestS3Server;
const s3Drivers: S3Driver[] = [];

beforeAll(async () => {
  s3 = await startTestS3Server();
});

afterAll(async () => {
  for (const driver of s3Drivers) driver.destroy();
  await s3?.stop();
});

function s3Driver(): S3Driver {
  // The smallest parts S3 allows: a join over 5 MiB already goes multipart.
  const driver = s3DriverOn(s3, { partSize: 5 * mib, queueSize: 2 });
  s3Drivers.push(driver);
  return driver;
}

const drivers: [string, () => MediaStorage][] = [
  ["local disk", () => localDriverOfApp()],
  ["S3 (s3rver)", s3Driver],
];

const segment = (text: string) => Buffer.from(text);

describe.each(drivers)("media parts contract: %s", (name, make) => {
  let storage: MediaStorage;
  const prefix = `parts/${randomUUID()}`;
  let counter = 0;
  const freshKey = () => `${prefix}/recording-${++counter}/original.webm`;
  beforeAll(() => {
    storage = make();
  });

  it("stores parts in any order, lists them by number, reads each, and joins them in order", async () => {
    const key = freshKey();
    const parts = { 3: segment("third,"), 1: segment("first,"), 2: segment("second,") };
    for (const [partNumber, bytes] of Object.entries(parts)) {
      expect(await storage.appendPart(key, Number(partNumber), Readable.from([bytes]))).toEqual({
        partNumber: Number(partNumber),
        size: bytes.length,
        sha256: sha256Of(bytes),
        duplicate: false,
      });
    }
    expect(await storage.listParts(key)).toEqual(
      [1, 2, 3].map((n) => ({ partNumber: n, size: parts[n as 1].length, sha256: sha256Of(parts[n as 1]) })),
    );
    const second = await storage.getPart(key, 2);
    expect(second).toMatchObject({ partNumber: 2, size: parts[2].length, sha256: sha256Of(parts[2]) });
    expect((await readAll(second!.body)).toString()).toBe("second,");
    // Parts are not objects: the key holds nothing until completed.
    expect(await storage.head(key)).toBeNull();

    const joined = Buffer.concat([parts[1], parts[2], parts[3]]);
    const object = await storage.completeParts(key, { contentType: "video/webm", partNumbers: [1, 2, 3] });
    expect(object).toEqual({ key, size: joined.length, sha256: sha256Of(joined) });
    expect(await storage.head(key)).toMatchObject({
      key,
      size: joined.length,
      contentType: "video/webm",
      sha256: sha256Of(joined),
    });
    expect(await readAll((await storage.get(key))!.body)).toEqual(joined);
    expect(await storage.listParts(key)).toEqual([]);
    expect(await storage.getPart(key, 1)).toBeNull();
  });

  it("joins the numbers named, in the order named", async () => {
    const key = freshKey();
    await storage.appendPart(key, 1, segment("one"));
    await storage.appendPart(key, 7, segment("seven"));
    await storage.appendPart(key, 10_000, segment("last"));
    const object = await storage.completeParts(key, { contentType: "video/mp4", partNumbers: [10_000, 1, 7] });
    expect((await readAll((await storage.get(key))!.body)).toString()).toBe("lastoneseven");
    expect(object.size).toBe(12);
  });

  it("answers the same part again as a duplicate and writes nothing; other bytes under its number conflict", async () => {
    const key = freshKey();
    const bytes = segment("segment 1 of a walkthrough");
    const first = await storage.appendPart(key, 1, bytes);
    expect(await storage.appendPart(key, 1, Readable.from([bytes]), { sha256: sha256Of(bytes) })).toEqual({
      ...first,
      duplicate: true,
    });
    const other = segment("segment 1 recorded again");
    const refused = storage.appendPart(key, 1, other);
    await expect(refused).rejects.toThrow(PartConflictError);
    await expect(refused).rejects.toMatchObject({ partNumber: 1 });
    expect(await storage.listParts(key)).toEqual([{ partNumber: 1, size: bytes.length, sha256: sha256Of(bytes) }]);
    expect(await readAll((await storage.getPart(key, 1))!.body)).toEqual(bytes);
  });

  it("checks a part against the SHA-256 sent with it and stores nothing on a mismatch", async () => {
    const key = freshKey();
    const bytes = segment("bytes that arrived");
    await expect(storage.appendPart(key, 4, bytes, { sha256: sha256Of(segment("bytes that were sent")) })).rejects.toThrow(
      PartChecksumError,
    );
    expect(await storage.listParts(key)).toEqual([]);
    expect(await storage.appendPart(key, 4, bytes, { sha256: sha256Of(bytes) })).toMatchObject({
      partNumber: 4,
      duplicate: false,
    });
  });

  it("leaves nothing of a part whose body fails mid-stream, and takes the number again afterwards", async () => {
    const key = freshKey();
    async function* cut() {
      yield segment("half of a seg");
      throw new Error("connection reset");
    }
    await expect(storage.appendPart(key, 1, cut())).rejects.toThrow("connection reset");
    expect(await storage.listParts(key)).toEqual([]);
    expect(await storage.getPart(key, 1)).toBeNull();
    expect(await storage.appendPart(key, 1, segment("the whole segment"))).toMatchObject({ duplicate: false });
  });

  it.each([0, -1, 10_001, 1.5, Number.NaN])("refuses part number %s", async (partNumber) => {
    await expect(storage.appendPart(freshKey(), partNumber, segment("x"))).rejects.toThrow(InvalidPartError);
    await expect(storage.getPart(freshKey(), partNumber)).rejects.toThrow(InvalidPartError);
  });

  it("refuses an empty part, an invalid key, and a list of numbers that is empty or repeats one", async () => {
    const key = freshKey();
    await expect(storage.appendPart(key, 1, Buffer.alloc(0))).rejects.toThrow(InvalidPartError);
    expect(await storage.listParts(key)).toEqual([]);
    await expect(storage.appendPart("../escape", 1, segment("x"))).rejects.toThrow(InvalidMediaKeyError);
    await expect(storage.listParts("a//b")).rejects.toThrow(InvalidMediaKeyError);
    await storage.appendPart(key, 1, segment("x"));
    await expect(storage.completeParts(key, { contentType: "video/mp4", partNumbers: [] })).rejects.toThrow(InvalidPartError);
    await expect(storage.completeParts(key, { contentType: "video/mp4", partNumbers: [1, 1] })).rejects.toThrow(InvalidPartError);
  });

  it("refuses to complete while a named part is missing, and stores nothing", async () => {
    const key = freshKey();
    await storage.appendPart(key, 1, segment("a"));
    await storage.appendPart(key, 3, segment("c"));
    const refused = storage.completeParts(key, { contentType: "video/mp4", partNumbers: [1, 2, 3, 4] });
    await expect(refused).rejects.toThrow(MissingPartsError);
    await expect(refused).rejects.toMatchObject({ missing: [2, 4] });
    expect(await storage.head(key)).toBeNull();
    expect(await storage.listParts(key)).toHaveLength(2);
  });

  it("answers a second completion with the same object, and one after a crash that left the parts", async () => {
    const key = freshKey();
    const parts = [segment("alpha "), segment("beta "), segment("gamma")];
    for (const [i, bytes] of parts.entries()) await storage.appendPart(key, i + 1, bytes);
    const options = { contentType: "video/mp4", partNumbers: [1, 2, 3] };
    const object = await storage.completeParts(key, options);
    expect(await storage.completeParts(key, options)).toEqual(object);
    // The state a crash between writing the object and removing its parts leaves behind.
    for (const [i, bytes] of parts.entries()) await storage.appendPart(key, i + 1, bytes);
    expect(await storage.completeParts(key, options)).toEqual(object);
    expect(await storage.listParts(key)).toEqual([]);
    // Other numbers than those completed, once the parts are gone: nothing to join.
    await expect(storage.completeParts(key, { ...options, partNumbers: [1, 2] })).rejects.toThrow(MissingPartsError);
    expect(await storage.head(key)).toMatchObject({ size: object.size, sha256: object.sha256 });
  });

  it("joins a new set of parts under a completed key when its bytes differ", async () => {
    const key = freshKey();
    await storage.appendPart(key, 1, segment("take one"));
    await storage.completeParts(key, { contentType: "video/mp4", partNumbers: [1] });
    await storage.appendPart(key, 1, segment("take two"));
    expect(await storage.completeParts(key, { contentType: "video/mp4", partNumbers: [1] })).toMatchObject({
      sha256: sha256Of(segment("take two")),
    });
  });

  it("keeps the parts of a key apart from those of keys below it, and deleteParts removes one key's", async () => {
    const parent = freshKey();
    const child = `${parent}/child`;
    await storage.appendPart(parent, 1, segment("parent"));
    await storage.appendPart(child, 1, segment("child"));
    expect(await storage.listParts(parent)).toEqual([{ partNumber: 1, size: 6, sha256: sha256Of(segment("parent")) }]);
    await storage.deleteParts(parent);
    expect(await storage.listParts(parent)).toEqual([]);
    expect(await storage.listParts(child)).toHaveLength(1);
    await expect(storage.deleteParts(parent)).resolves.toBeUndefined();
    await storage.deleteParts(child);
    expect(await storage.listParts(child)).toEqual([]);
  });

  it("deletePrefix removes the parts of keys under the prefix, not those of the prefix itself", async () => {
    const folder = `${prefix}/inspection-${randomUUID()}`;
    await storage.appendPart(folder, 1, segment("own"));
    await storage.appendPart(`${folder}/original`, 1, segment("nested"));
    await storage.appendPart(`${folder}/deeper/original`, 2, segment("deeper"));
    await storage.appendPart(`${folder}x/original`, 1, segment("sibling"));
    await storage.deletePrefix(folder);
    expect(await storage.listParts(`${folder}/original`)).toEqual([]);
    expect(await storage.listParts(`${folder}/deeper/original`)).toEqual([]);
    expect(await storage.listParts(folder)).toHaveLength(1);
    expect(await storage.listParts(`${folder}x/original`)).toHaveLength(1);
  });

  it("settles two writers of one number with the same bytes on one part", async () => {
    const key = freshKey();
    const bytes = segment(`retried segment ${randomUUID()}`);
    const results = await Promise.all([1, 2, 3, 4].map(() => storage.appendPart(key, 5, bytes)));
    expect(results.every((result) => result.sha256 === sha256Of(bytes))).toBe(true);
    expect(await storage.listParts(key)).toEqual([{ partNumber: 5, size: bytes.length, sha256: sha256Of(bytes) }]);
    // Local disk commits with link(): exactly one writer stored it. s3rver ignores If-None-Match,
    // so there each writer that looked before the first stored may report a store of its own.
    if (name === "local disk") expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
  });

  // s3rver ignores If-None-Match, so two simultaneous writers of one number with different bytes
  // both succeed there and the later write wins; AWS S3 (and MinIO, R2) refuse the second with
  // 412, which the driver turns into PartConflictError as below.
  it.runIf(name === "local disk")(
    "lets one of two writers of one number with different bytes win, and the other conflict",
    async () => {
      const key = freshKey();
      const settled = await Promise.allSettled(
        ["from the first request", "from the second request"].map((text) => storage.appendPart(key, 9, segment(text))),
      );
      const stored = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
      const refused = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
      expect(stored).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(PartConflictError);
      expect(await storage.listParts(key)).toEqual([{ partNumber: 9, size: stored[0]!.size, sha256: stored[0]!.sha256 }]);
    },
  );

  it("streams large parts and a join of many megabytes, parts larger than one transfer part included", async () => {
    const key = freshKey();
    const sizes = [3 * mib, 6 * mib + 5, 2 * mib, 1];
    const written = [];
    for (const [i, size] of sizes.entries())
      written.push(await storage.appendPart(key, i + 1, generatedBytes(size, `${key}/${i}`)));
    for (const [i, part] of written.entries())
      expect(part).toMatchObject({ ...(await digestOf(generatedBytes(sizes[i]!, `${key}/${i}`))), duplicate: false });
    async function* all() {
      for (const [i, size] of sizes.entries()) yield* generatedBytes(size, `${key}/${i}`);
    }
    const expected = await digestOf(all());
    expect(await storage.completeParts(key, { contentType: "video/mp4", partNumbers: [1, 2, 3, 4] })).toEqual({
      key,
      ...expected,
    });
    expect(await digestOf((await storage.get(key))!.body)).toEqual(expected);
    if (name !== "local disk") expect(await bucketKeys(s3, "_tmp/")).toEqual([]);
  });
});

// s3rver has no UploadPartCopy (501): a join past the CopyObject limit is copied by reading and
// uploading each range through the driver instead, which is what runs here.
describe("S3 completeParts past the CopyObject limit (s3rver)", () => {
  it("copies the joined object in ranges", async () => {
    const driver = s3DriverOn(s3, { partSize: 5 * mib, queueSize: 2, maxCopyObjectBytes: 6 * mib, copyPartSize: 5 * mib });
    s3Drivers.push(driver);
    const key = `parts-copy/${randomUUID()}/original.mp4`;
    for (let partNumber = 1; partNumber <= 4; partNumber++)
      await driver.appendPart(key, partNumber, generatedBytes(3 * mib, `${key}/${partNumber}`));
    async function* all() {
      for (let partNumber = 1; partNumber <= 4; partNumber++) yield* generatedBytes(3 * mib, `${key}/${partNumber}`);
    }
    const expected = await digestOf(all());
    expect(await driver.completeParts(key, { contentType: "video/mp4", partNumbers: [1, 2, 3, 4] })).toEqual({
      key,
      ...expected,
    });
    expect(await digestOf((await driver.get(key))!.body)).toEqual(expected);
    expect(await driver.head(key)).toMatchObject({ size: 12 * mib, sha256: expected.sha256 });
  });
});
