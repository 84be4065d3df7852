import { createHash } from "node:crypto";

const generatedChunk = 64 * 1024;

/**
 * `total` pseudo-random bytes (a SHA-256 chain from `seed`) made one 64 KiB chunk at a time: no
 * buffer of the whole body ever exists, so a test or the benchmark can stream gigabytes.
 */
export async function* generatedBytes(total: number, seed: string): AsyncGenerator<Buffer> {
  let block = createHash("sha256").update(seed).digest();
  for (let sent = 0; sent < total; sent += generatedChunk) {
    const chunk = Buffer.alloc(Math.min(generatedChunk, total - sent));
    for (let at = 0; at < chunk.length; at += block.length) {
      block = createHash("sha256").update(block).digest();
      block.copy(chunk, at);
    }
    yield chunk;
  }
}

export async function digestOf(source: AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size };
}

export async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
