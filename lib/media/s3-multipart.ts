import { createHash } from "node:crypto";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { ChecksumMismatchError } from "./errors";
import { toReadable } from "./hashing";
import { conditionally, type S3Bucket, statusOf } from "./s3-bucket";
import type { MediaBody } from "./storage";

/*
 * Streaming writes to S3 without a local copy: the body is cut into parts of `partSize` bytes,
 * each held in memory only while it is uploaded (at most `queueSize` at once, as
 * @aws-sdk/lib-storage's Upload does), and hashed in order on the way. Written by hand rather
 * than with lib-storage because the digest must be checked before CompleteMultipartUpload (a
 * mismatch aborts, so nothing appears), the completion must carry If-None-Match, and a body that
 * fits in one part must stay in memory until the caller knows its key.
 */

/** S3's bound on parts per multipart upload. */
const maxParts = 10_000;

export interface WriteTarget {
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  /** Refuse (412) when the key exists, where the service supports it. */
  onlyIfAbsent?: boolean;
}

/** A body read: whole in memory (it fit in one part; nothing sent yet), or uploaded to `key`. */
export type Staged =
  | { kind: "small"; bytes: Buffer; size: number; sha256: string }
  | { kind: "uploaded"; key: string; size: number; sha256: string };

/**
 * Part buffers of one write, reused once a part is uploaded: left to the garbage collector,
 * 8 MiB buffers pile up between collections (V8 collects by external-memory growth) and the
 * peak grows well past partSize x queueSize.
 */
export class PartBuffers {
  private readonly free: Buffer[] = [];

  constructor(
    readonly partSize: number,
    private readonly keep: number,
  ) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.partSize);
  }

  /** Only once nothing (the SDK included) holds the buffer any more. */
  give(buffer: Buffer): void {
    if (buffer.length === this.partSize && this.free.length < this.keep) this.free.push(buffer);
  }
}

/**
 * The body in pieces of exactly `partSize` bytes, the last one shorter (an empty body: one empty
 * piece). Full pieces are buffers of `buffers`, to be given back once sent; the last, short one is
 * a copy of its own.
 */
export async function* fixedParts(source: AsyncIterable<Uint8Array>, buffers: PartBuffers): AsyncGenerator<Buffer> {
  const { partSize } = buffers;
  let part = buffers.take();
  let filled = 0;
  let yielded = false;
  try {
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length;) {
        const count = Math.min(partSize - filled, chunk.length - at);
        part.set(chunk.subarray(at, at + count), filled);
        filled += count;
        at += count;
        if (filled === partSize) {
          const full = part;
          part = buffers.take();
          filled = 0;
          yielded = true;
          yield full;
        }
      }
    }
    if (filled > 0 || !yielded) yield Buffer.from(part.subarray(0, filled));
  } finally {
    buffers.give(part);
  }
}

/**
 * Runs `work` on each item with at most `limit` running, taking the next item only when one
 * finishes, so a streamed source is read no faster than it is sent. Stops taking items at the
 * first failure and rethrows it once the running ones settle.
 */
export async function inPool<T>(
  items: AsyncIterable<T> | Iterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  try {
    for await (const item of items) {
      const task: Promise<void> = work(item)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(task));
      running.add(task);
      while (running.size >= limit && !failure) await Promise.race(running);
      if (failure) break;
    }
  } finally {
    // Also when the source itself fails: nothing may still be running once this returns.
    await Promise.all(running);
  }
  if (failure) throw failure.error;
}

/**
 * Reads the body: one that fits in one part comes back in memory with its digest; a larger one
 * is uploaded as it arrives to `target.key` (multipart) and comes back as `uploaded`. With
 * `expectedSha256` a mismatch aborts the upload, so nothing appears, and throws.
 */
export async function stage(
  bucket: S3Bucket,
  body: MediaBody,
  target: WriteTarget & { expectedSha256?: string },
): Promise<Staged> {
  const source = toReadable(body);
  const buffers = new PartBuffers(bucket.sizes.partSize, bucket.sizes.queueSize + 2);
  const parts = fixedParts(source, buffers);
  try {
    const first = await parts.next();
    const second = await parts.next();
    if (first.done) throw new Error("fixedParts yields at least one piece");
    if (second.done) {
      const bytes = first.value;
      return { kind: "small", bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
    }
    return await uploadMultipart(bucket, target, prepended([first.value, second.value], parts), buffers);
  } finally {
    // Stopped early (a failed part): release the source so its producer stops too.
    await parts.return(undefined);
    source.destroy();
  }
}

async function* prepended<T>(head: T[], rest: AsyncIterator<T>): AsyncGenerator<T> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

async function uploadMultipart(
  bucket: S3Bucket,
  target: WriteTarget & { expectedSha256?: string },
  parts: AsyncIterable<Buffer>,
  buffers: PartBuffers,
): Promise<Staged> {
  const { client, name: Bucket } = bucket;
  const { key: Key } = target;
  const created = await client.send(
    new CreateMultipartUploadCommand({ Bucket, Key, ContentType: target.contentType, Metadata: target.metadata }),
  );
  const UploadId = created.UploadId;
  const hash = createHash("sha256");
  const done: CompletedPart[] = [];
  let size = 0;
  let partNumber = 0;
  try {
    await inPool(parts, bucket.sizes.queueSize, async (bytes) => {
      // Runs in item order up to its first await: the digest sees the bytes in order.
      const PartNumber = ++partNumber;
      if (PartNumber > maxParts) throw new Error(`An object this large needs parts bigger than ${bucket.sizes.partSize} bytes`);
      hash.update(bytes);
      size += bytes.length;
      const answer = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: bytes, ContentLength: bytes.length }),
      );
      buffers.give(bytes);
      done.push({ PartNumber, ETag: answer.ETag });
    });
    const sha256 = hash.digest("hex");
    if (target.expectedSha256 !== undefined && sha256 !== target.expectedSha256) throw new ChecksumMismatchError();
    await complete(bucket, target, UploadId, done);
    return { kind: "uploaded", key: Key, size, sha256 };
  } catch (error) {
    await abort(bucket, Key, UploadId);
    throw error;
  }
}

async function complete(
  bucket: S3Bucket,
  target: WriteTarget,
  UploadId: string | undefined,
  parts: CompletedPart[],
): Promise<void> {
  const Parts = [...parts].sort((a, b) => a.PartNumber! - b.PartNumber!);
  await conditionally(target.onlyIfAbsent ?? false, (IfNoneMatch) =>
    bucket.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket.name,
        Key: target.key,
        UploadId,
        MultipartUpload: { Parts },
        IfNoneMatch,
      }),
    ),
  );
}

/**
 * Best effort: a failed abort (s3rver does not implement it) leaves parts that only cost storage
 * until the bucket's AbortIncompleteMultipartUpload lifecycle rule removes them.
 */
async function abort(bucket: S3Bucket, Key: string, UploadId: string | undefined): Promise<void> {
  await bucket.client.send(new AbortMultipartUploadCommand({ Bucket: bucket.name, Key, UploadId })).catch(() => undefined);
}

/** One PutObject of bytes in memory, with their length known. */
export async function putBytes(bucket: S3Bucket, bytes: Buffer, target: WriteTarget): Promise<void> {
  await conditionally(target.onlyIfAbsent ?? false, (IfNoneMatch) =>
    bucket.client.send(
      new PutObjectCommand({
        Bucket: bucket.name,
        Key: target.key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: target.contentType,
        Metadata: target.metadata,
        IfNoneMatch,
      }),
    ),
  );
}

/** Inclusive byte ranges of about `pieceBytes` covering `size` bytes, grown so there are at most 10,000. */
export function copyRanges(size: number, pieceBytes: number): { partNumber: number; start: number; end: number }[] {
  const piece = Math.max(pieceBytes, Math.ceil(size / maxParts));
  const ranges = [];
  for (let start = 0, partNumber = 1; start < size; start += piece, partNumber++) {
    ranges.push({ partNumber, start, end: Math.min(start + piece, size) - 1 });
  }
  return ranges;
}

function copySource(bucket: S3Bucket, key: string): string {
  return `${bucket.name}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Copies `from` (of `size` bytes) to `target.key` inside the bucket with new metadata: one
 * CopyObject up to `maxCopyObjectBytes` (S3: 5 GiB), beyond it a multipart upload of
 * UploadPartCopy ranges. A service without UploadPartCopy (501: s3rver, some S3-compatible
 * stores) gets the ranges read and uploaded through this process instead, a part at a time.
 */
export async function copyObject(bucket: S3Bucket, from: string, size: number, target: WriteTarget): Promise<void> {
  const { client, name: Bucket } = bucket;
  if (size <= bucket.sizes.maxCopyObjectBytes) {
    await conditionally(target.onlyIfAbsent ?? false, (IfNoneMatch) =>
      client.send(
        new CopyObjectCommand({
          Bucket,
          Key: target.key,
          CopySource: copySource(bucket, from),
          MetadataDirective: "REPLACE",
          ContentType: target.contentType,
          Metadata: target.metadata,
          IfNoneMatch,
        }),
      ),
    );
    return;
  }
  const created = await client.send(
    new CreateMultipartUploadCommand({ Bucket, Key: target.key, ContentType: target.contentType, Metadata: target.metadata }),
  );
  const UploadId = created.UploadId;
  try {
    let parts: CompletedPart[];
    try {
      parts = await copyParts(bucket, from, size, UploadId, target.key, "server");
    } catch (error) {
      if (statusOf(error) !== 501) throw error;
      parts = await copyParts(bucket, from, size, UploadId, target.key, "through this process");
    }
    await complete(bucket, target, UploadId, parts);
  } catch (error) {
    await abort(bucket, target.key, UploadId);
    throw error;
  }
}

async function copyParts(
  bucket: S3Bucket,
  from: string,
  size: number,
  UploadId: string | undefined,
  Key: string,
  how: "server" | "through this process",
): Promise<CompletedPart[]> {
  const { client, name: Bucket, sizes } = bucket;
  const done: CompletedPart[] = [];
  const ranges = copyRanges(size, how === "server" ? sizes.copyPartSize : sizes.partSize);
  await inPool(ranges, sizes.queueSize, async ({ partNumber: PartNumber, start, end }) => {
    if (how === "server") {
      const answer = await client.send(
        new UploadPartCopyCommand({
          Bucket,
          Key,
          UploadId,
          PartNumber,
          CopySource: copySource(bucket, from),
          CopySourceRange: `bytes=${start}-${end}`,
        }),
      );
      done.push({ PartNumber, ETag: answer.CopyPartResult?.ETag });
      return;
    }
    const range = await client.send(new GetObjectCommand({ Bucket, Key: from, Range: `bytes=${start}-${end}` }));
    const bytes = Buffer.from((await range.Body?.transformToByteArray()) ?? []);
    if (bytes.length !== end - start + 1) throw new Error(`S3 returned ${bytes.length} bytes for a range of ${end - start + 1}`);
    const answer = await client.send(
      new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: bytes, ContentLength: bytes.length }),
    );
    done.push({ PartNumber, ETag: answer.ETag });
  });
  return done;
}
