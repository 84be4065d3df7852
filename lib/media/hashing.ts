import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import type { MediaBody } from "./storage";

/** A pass-through that hashes and counts what flows by, so a write needs one pass over the bytes. */
export class HashingMeter extends Transform {
  private readonly hash = createHash("sha256");
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }

  /** Valid once the stream has ended. */
  sha256(): string {
    return this.hash.copy().digest("hex");
  }
}

export function toReadable(body: MediaBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body], { objectMode: false });
  return Readable.from(body, { objectMode: false });
}
