import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";

/*
 * SHA-256 of files too large to hold in memory (a 2 GiB video), a chunk at a time. Web Crypto's
 * digest takes the whole input at once, so the streaming hash is @noble/hashes (audited, no
 * dependencies); small texts still go through Web Crypto.
 */

export interface Digest {
  sha256: string;
  size: number;
}

/** A running hash that is fed chunks as they arrive; `onBytes` hears each chunk's length (progress). */
export function digestSink(onBytes: (count: number) => void): { sink: WritableStream<Uint8Array>; result: () => Digest } {
  const hash = sha256.create();
  let size = 0;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      hash.update(chunk);
      size += chunk.length;
      onBytes(chunk.length);
    },
  });
  let digest: Digest | undefined;
  return {
    sink,
    result: () => (digest ??= { sha256: bytesToHex(hash.digest()), size }),
  };
}

/** The SHA-256 of a file read from disk as a stream. */
export async function digestOfBlob(blob: Blob, onBytes: (count: number) => void): Promise<Digest> {
  const { sink, result } = digestSink(onBytes);
  await blob.stream().pipeTo(sink);
  return result();
}

/** The SHA-256 of a text as its UTF-8 bytes (a record's compact JWS is ASCII). */
export async function digestOfText(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
