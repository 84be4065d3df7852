import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FetchRefusal } from "./fetch-refusal";

export interface SavedBody {
  path: string;
  size: number;
  sha256: string;
  dispose: () => Promise<void>;
}

/** Counts and hashes the bytes on their way to disk, and stops the moment the count passes `maxBytes`. */
function meter(maxBytes: number, onDone: (size: number, sha256: string) => void): Transform {
  const hash = createHash("sha256");
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FetchRefusal("too_large", `more than ${maxBytes} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      onDone(size, hash.digest("hex"));
      callback();
    },
  });
}

/**
 * Spools a response body to a private temp file (its own 0700 directory, file 0600). The photo
 * is never held in memory whole, so 25 of them in flight cost 25 small buffers, not 25 x 15 MB.
 */
export async function saveBody(response: Readable, tempDir: string, maxBytes: number): Promise<SavedBody> {
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(tempDir, "walkthrough-photo-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, "body");
  let result = { size: 0, sha256: "" };
  const sink = createWriteStream(file, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(
      response,
      meter(maxBytes, (size, sha256) => (result = { size, sha256 })),
      sink,
    );
  } catch (error) {
    await dispose();
    if (error instanceof FetchRefusal) throw error;
    // A disk error (it names the file) is ours and unexpected; anything else came from the
    // connection breaking. (Identity does not tell them apart: pipeline hands a network error
    // to the file stream too.)
    if ((error as NodeJS.ErrnoException).path !== undefined) throw new FetchRefusal("fetch_failed", (error as Error).message);
    throw new FetchRefusal("connect_failed", (error as Error).message);
  }
  return { path: file, ...result, dispose };
}
