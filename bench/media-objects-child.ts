// One measurement of bench/scenarios/media-objects.ts, in a process of its own so that its peak
// RSS (VmHWM, read by the scenario) is the storage layer's alone. Protocol on stdio, one JSON
// object a line: it says {"ready":true}, waits for a line, works, prints {"result":...}, waits
// for a line (the scenario reads VmHWM meanwhile), exits.
import { createHash, randomBytes } from "node:crypto";
import readline from "node:readline";
import { LocalDiskDriver } from "../lib/media/local-disk-driver";
import { S3Driver, type S3DriverOptions } from "../lib/media/s3-driver";
import type { MediaStorage } from "../lib/media/storage";

export interface ChildSpec {
  driver: "local" | "s3";
  /** `put`: one streamed object; `parts`: `partCount` parts of `size / partCount` bytes, then completeParts. */
  mode: "put" | "put-known-digest" | "parts";
  size: number;
  partCount?: number;
  localRoot?: string;
  s3?: S3DriverOptions;
}

export interface ChildResult {
  writeMs: number;
  /** parts mode: the appendPart calls alone; the rest of writeMs is completeParts. */
  appendMs?: number;
  readMs: number;
  size: number;
  sha256: string;
}

const chunkSize = 64 * 1024;
const pattern = randomBytes(1024 * 1024);

/**
 * `total` bytes in 64 KiB chunks, each a fresh buffer (a consumer may keep a reference): a random
 * megabyte with a chunk counter and `salt` written into it, so no two chunks of a run are equal.
 * Cheap to make, so the measurement is the storage's, not the generator's.
 */
async function* bytes(total: number, salt: number): AsyncGenerator<Buffer> {
  for (let sent = 0, index = 0; sent < total; sent += chunkSize, index++) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkSize, total - sent));
    const from = (index * chunkSize) % pattern.length;
    pattern.copy(chunk, 0, from, from + chunk.length);
    if (chunk.length >= 16) {
      chunk.writeDoubleLE(index, 0);
      chunk.writeDoubleLE(salt, 8);
    }
    yield chunk;
  }
}

async function digest(source: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

function storageFor(spec: ChildSpec): MediaStorage {
  if (spec.driver === "local") {
    return new LocalDiskDriver({ root: spec.localRoot!, secret: randomBytes(32), baseUrl: "http://127.0.0.1" });
  }
  return new S3Driver(spec.s3!);
}

async function work(spec: ChildSpec, storage: MediaStorage): Promise<ChildResult> {
  const key = `bench/${spec.mode}-${spec.size}`;
  let written: { size: number; sha256: string };
  let appendMs: number | undefined;
  const started = performance.now();
  if (spec.mode === "parts") {
    const count = spec.partCount!;
    const partSize = spec.size / count;
    for (let partNumber = 1; partNumber <= count; partNumber++)
      await storage.appendPart(key, partNumber, bytes(partSize, partNumber));
    appendMs = performance.now() - started;
    written = await storage.completeParts(key, {
      contentType: "video/mp4",
      partNumbers: Array.from({ length: count }, (_, i) => i + 1),
    });
  } else if (spec.mode === "put-known-digest") {
    // The digest first (not timed), as a caller that spooled or hashed its file would have it.
    const known = await digest(bytes(spec.size, 0));
    const timed = performance.now();
    written = await storage.put(key, bytes(spec.size, 0), { contentType: "video/mp4", sha256: known.sha256 });
    const writeMs = performance.now() - timed;
    return finish(storage, key, written, writeMs, undefined);
  } else {
    written = await storage.put(key, bytes(spec.size, 0), { contentType: "video/mp4" });
  }
  return finish(storage, key, written, performance.now() - started, appendMs);
}

async function finish(
  storage: MediaStorage,
  key: string,
  written: { size: number; sha256: string },
  writeMs: number,
  appendMs: number | undefined,
): Promise<ChildResult> {
  const started = performance.now();
  const object = await storage.get(key);
  if (!object) throw new Error("the object just written is not there");
  const read = await digest(object.body);
  const readMs = performance.now() - started;
  if (read.sha256 !== written.sha256 || read.size !== written.size)
    throw new Error("the bytes read back differ from those written");
  await storage.delete(key);
  return { writeMs, appendMs, readMs, size: read.size, sha256: read.sha256 };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? "{}") as ChildSpec;
  const storage = storageFor(spec);
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  say({ ready: true });
  await lines.next();
  try {
    say({ result: await work(spec, storage) });
  } catch (error) {
    say({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  await lines.next();
  if (storage instanceof S3Driver) storage.destroy();
  process.exit(0);
}

void main();
