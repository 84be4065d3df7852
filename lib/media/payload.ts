import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HashingMeter, toReadable } from "./hashing";
import type { MediaBody } from "./storage";

/** A body ready to upload: its digest and length known before the first byte is sent. */
export interface Payload {
  /** Bytes in memory, or a fresh stream of the spooled file for each attempt. */
  body: Uint8Array | (() => Readable);
  size: number;
  sha256: string;
}

/**
 * Hashes and measures the body, then hands `work` a way to send it. A byte array is already in
 * memory and goes as it is; a stream is spooled to a temp file under `spoolDir` first, which is
 * removed once `work` settles.
 */
export async function preparePayload<T>(body: MediaBody, spoolDir: string, work: (payload: Payload) => Promise<T>): Promise<T> {
  if (body instanceof Uint8Array) {
    return work({ body, size: body.length, sha256: createHash("sha256").update(body).digest("hex") });
  }
  await mkdir(spoolDir, { recursive: true });
  const dir = await mkdtemp(path.join(spoolDir, "media-upload-"));
  try {
    const file = path.join(dir, "body");
    const meter = new HashingMeter();
    await pipeline(toReadable(body), meter, createWriteStream(file, { mode: 0o600 }));
    return await work({ body: () => createReadStream(file), size: meter.size, sha256: meter.sha256() });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
