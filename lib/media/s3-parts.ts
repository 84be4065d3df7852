import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { InvalidPartError, PartChecksumError, PartConflictError } from "./errors";
import { assertSha256Hex } from "./keys";
import { assertPartNumber, partName, partNumberOf, partSetPath } from "./parts";
import { isConditionFailure, isNotFound, reservedPrefixes, type S3Bucket, statusOf } from "./s3-bucket";
import { copyObject, inPool, putBytes, stage } from "./s3-multipart";
import type { AppendPartOptions, AppendPartResult, MediaBody, PartStream, StoredPart } from "./storage";

const partContentType = "application/octet-stream";
/** HEADs in flight at once when listing parts (the listing itself carries no metadata). */
const headConcurrency = 8;

/**
 * The S3 driver's parts: one object per part at `_parts/<key>/_parts/00042`, its SHA-256 in
 * the object's metadata. A part is written whole (PutObject, or a server-side copy of a larger
 * body staged under `_tmp/`) with If-None-Match, so of two writers of one number the second is
 * refused and compares digests. A service that ignores the condition (s3rver) lets the later of
 * two simultaneous writers win silently; one after the other, the HEAD before each write still
 * tells a duplicate from a conflict.
 */
export class S3Parts {
  constructor(private readonly bucket: S3Bucket) {}

  private setPrefix(key: string): string {
    return `${reservedPrefixes.parts}${partSetPath(key)}/`;
  }

  private partKey(key: string, partNumber: number): string {
    return `${this.setPrefix(key)}${partName(partNumber)}`;
  }

  private async stored(partKey: string, partNumber: number): Promise<StoredPart | null> {
    const head = await this.bucket.head(partKey);
    const sha256 = head?.Metadata?.sha256;
    return head && sha256 ? { partNumber, size: head.ContentLength ?? 0, sha256 } : null;
  }

  async append(key: string, partNumber: number, body: MediaBody, options: AppendPartOptions = {}): Promise<AppendPartResult> {
    const partKey = this.partKey(key, partNumber);
    const expected = options.sha256 === undefined ? undefined : assertSha256Hex(options.sha256);
    // Parts are expected to fit in one transfer part and stay in memory; a larger one is staged
    // under _tmp/ and copied, since its digest (its metadata) is known only at its end.
    const staged = await stage(this.bucket, body, { key: this.bucket.tempKey(), contentType: partContentType, metadata: {} });
    try {
      const part = { partNumber, size: staged.size, sha256: staged.sha256 };
      if (part.size === 0) throw new InvalidPartError("A part holds at least one byte.");
      if (expected !== undefined && expected !== part.sha256) throw new PartChecksumError(partNumber);
      const target = { key: partKey, contentType: partContentType, metadata: { sha256: part.sha256 }, onlyIfAbsent: true };
      for (let attempt = 1; attempt <= 5; attempt++) {
        const existing = await this.stored(partKey, partNumber);
        if (existing) {
          if (existing.sha256 !== part.sha256 || existing.size !== part.size) throw new PartConflictError(partNumber);
          return { ...part, duplicate: true };
        }
        try {
          if (staged.kind === "small") await putBytes(this.bucket, staged.bytes, target);
          else await copyObject(this.bucket, staged.key, staged.size, target);
          return { ...part, duplicate: false };
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          // 412: another writer stored the number first; look again. 409: its write is still
          // under way (S3 asks to retry), so wait a little first.
          if (statusOf(error) === 409) await sleep(50 * attempt);
        }
      }
      throw new Error(`Part ${partNumber} could not be stored: the bucket kept reporting a concurrent write`);
    } finally {
      if (staged.kind === "uploaded") await this.bucket.delete(staged.key);
    }
  }

  async list(key: string): Promise<StoredPart[]> {
    const prefix = this.setPrefix(key);
    const found: { partKey: string; partNumber: number }[] = [];
    for await (const page of this.bucket.list(prefix)) {
      for (const item of page) {
        const partNumber = partNumberOf(item.key.slice(prefix.length));
        if (partNumber !== null) found.push({ partKey: item.key, partNumber });
      }
    }
    const parts: StoredPart[] = [];
    await inPool(found, headConcurrency, async ({ partKey, partNumber }) => {
      const part = await this.stored(partKey, partNumber);
      if (part) parts.push(part);
    });
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async get(key: string, partNumber: number): Promise<PartStream | null> {
    const partKey = this.partKey(key, assertPartNumber(partNumber));
    try {
      const answer = await this.bucket.client.send(new GetObjectCommand({ Bucket: this.bucket.name, Key: partKey }));
      if (!(answer.Body instanceof Readable)) throw new Error("The S3 client did not return a Node stream");
      const sha256 = answer.Metadata?.sha256;
      if (!sha256) {
        answer.Body.destroy();
        return null;
      }
      return { partNumber, size: answer.ContentLength ?? 0, sha256, body: answer.Body };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.bucket.deleteListed(this.setPrefix(key));
  }

  /** The parts of every key under `prefix/`, not those of `prefix` itself. */
  async deleteUnder(prefix: string): Promise<void> {
    const own = this.setPrefix(prefix);
    await this.bucket.deleteListed(`${reservedPrefixes.parts}${prefix}/`, (key) => key.startsWith(own));
  }
}
