import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { GetObjectCommand, type HeadObjectCommandOutput, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ChecksumMismatchError, MissingPartsError } from "./errors";
import { toReadable } from "./hashing";
import { assertContentType, assertMediaKey, assertSha256Hex, contentAddressedKey } from "./keys";
import { checkPartNumbers, completionStep, joinedParts, type PartsMarker } from "./parts";
import { defaultTransferSizes, isConditionFailure, isNotFound, mib, S3Bucket, type TransferSizes } from "./s3-bucket";
import { copyObject, putBytes, type Staged, stage, type WriteTarget } from "./s3-multipart";
import { S3Parts } from "./s3-parts";
import {
  type AppendPartOptions,
  type AppendPartResult,
  type ByteRange,
  type CompletePartsOptions,
  type ContentAddressedResult,
  defaultSignedUrlSeconds,
  type MediaBody,
  type MediaStorage,
  type ObjectInfo,
  type ObjectStream,
  type PartStream,
  type PutContentAddressedOptions,
  type PutOptions,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredObject,
  type StoredPart,
} from "./storage";

export interface S3DriverOptions extends Partial<TransferSizes> {
  bucket: string;
  region: string;
  /** For S3-compatible services; AWS itself needs none. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most self-hosted services need it. */
  forcePathStyle?: boolean;
  now?: () => number;
}

/**
 * S3 and S3-compatible storage, streamed: nothing is spooled to disk and no object is held in
 * memory (lib/media/s3-multipart.ts; about partSize x (queueSize + 2) per write, 48 MiB by
 * default). Every object carries its SHA-256 in its metadata, which S3 takes only when an upload
 * begins, so:
 * - a body that fits in one part (8 MiB) is hashed in memory and sent with one PutObject;
 * - a larger body whose digest the caller gave streams multipart straight to its key, and is
 *   aborted (nothing appears) if the bytes do not match;
 * - a larger body of unknown digest streams to `_tmp/<uuid>`, is copied server-side to its key
 *   with its metadata (CopyObject up to 5 GiB, UploadPartCopy beyond), and the temporary
 *   object is deleted. Content-addressed writes need this anyway: the key is the digest.
 * A crash can leave `_tmp/` objects and unfinished multipart uploads behind; a bucket lifecycle
 * rule (expire `_tmp/` after a day, AbortIncompleteMultipartUpload after a day) removes them.
 */
export class S3Driver implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: S3Bucket;
  private readonly parts: S3Parts;

  constructor(private readonly options: S3DriverOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default CRC32 checksums on every PutObject are not understood by every
      // S3-compatible service; the SHA-256 we compute ourselves is kept in the object's metadata.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    const sizes: TransferSizes = {
      partSize: options.partSize ?? defaultTransferSizes.partSize,
      queueSize: options.queueSize ?? defaultTransferSizes.queueSize,
      maxCopyObjectBytes: options.maxCopyObjectBytes ?? defaultTransferSizes.maxCopyObjectBytes,
      copyPartSize: options.copyPartSize ?? defaultTransferSizes.copyPartSize,
    };
    if (sizes.partSize < 5 * mib || sizes.copyPartSize < 5 * mib) throw new Error("S3 parts are at least 5 MiB");
    if (!Number.isInteger(sizes.queueSize) || sizes.queueSize < 1) throw new Error("queueSize is a positive integer");
    this.bucket = new S3Bucket(this.client, options.bucket, sizes);
    this.parts = new S3Parts(this.bucket);
  }

  /** Puts staged bytes at `target.key`: sends them, or copies them from where they were staged (then drops that copy). */
  private async land(staged: Staged, target: WriteTarget): Promise<void> {
    if (staged.kind === "small") return putBytes(this.bucket, staged.bytes, target);
    if (staged.key === target.key) return;
    try {
      await copyObject(this.bucket, staged.key, staged.size, target);
    } finally {
      await this.bucket.delete(staged.key);
    }
  }

  async put(key: string, body: MediaBody, options: PutOptions): Promise<StoredObject> {
    assertMediaKey(key);
    const contentType = assertContentType(options.contentType);
    const expected = options.sha256 === undefined ? undefined : assertSha256Hex(options.sha256);
    const staged = await stage(this.bucket, body, {
      key: expected ? key : this.bucket.tempKey(),
      contentType,
      metadata: expected ? { sha256: expected } : {},
      expectedSha256: expected,
    });
    if (expected !== undefined && staged.sha256 !== expected) throw new ChecksumMismatchError();
    await this.land(staged, { key, contentType, metadata: { sha256: staged.sha256 } });
    return { key, size: staged.size, sha256: staged.sha256 };
  }

  async putContentAddressed(body: MediaBody, options: PutContentAddressedOptions): Promise<ContentAddressedResult> {
    const contentType = assertContentType(options.contentType);
    assertMediaKey(options.prefix);
    const expected = options.sha256 === undefined ? undefined : assertSha256Hex(options.sha256);
    const knownKey = expected && contentAddressedKey(options.prefix, expected);
    if (knownKey && (await this.bucket.head(knownKey))) {
      // Stored already: the bytes are only read, to hold the caller to the digest it gave.
      const read = await digestOf(body);
      if (read.sha256 !== expected) throw new ChecksumMismatchError();
      return { key: knownKey, size: read.size, sha256: read.sha256, duplicate: true };
    }
    let staged: Staged;
    try {
      staged = await stage(this.bucket, body, {
        key: knownKey || this.bucket.tempKey(),
        contentType,
        metadata: expected ? { sha256: expected } : {},
        expectedSha256: expected,
        onlyIfAbsent: true,
      });
    } catch (error) {
      // Completing straight at the digest's key was refused: another writer stored these bytes.
      if (!knownKey || !isConditionFailure(error)) throw error;
      const stored = await this.bucket.head(knownKey);
      return { key: knownKey, size: stored?.ContentLength ?? 0, sha256: expected!, duplicate: true };
    }
    if (expected !== undefined && staged.sha256 !== expected) throw new ChecksumMismatchError();
    const key = contentAddressedKey(options.prefix, staged.sha256);
    const result = { key, size: staged.size, sha256: staged.sha256 };
    const target = { key, contentType, metadata: { sha256: staged.sha256 }, onlyIfAbsent: true };
    try {
      // A conditional write (AWS S3 and most compatible services): of two writers of the same
      // bytes at once, the second is refused and learns it is a duplicate. A service that
      // ignores the condition (s3rver) just stores identical bytes twice under one key.
      if (staged.kind === "uploaded" && staged.key === key) return { ...result, duplicate: false };
      // Looked up already when the caller gave the digest.
      if (key !== knownKey && (await this.bucket.head(key))) {
        if (staged.kind === "uploaded") await this.bucket.delete(staged.key);
        return { ...result, duplicate: true };
      }
      await this.land(staged, target);
      return { ...result, duplicate: false };
    } catch (error) {
      if (isConditionFailure(error)) return { ...result, duplicate: true };
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertMediaKey(key);
    const answer = await this.bucket.head(key);
    return answer && objectInfo(key, answer);
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<ObjectStream | null> {
    assertMediaKey(key);
    const range = options.range;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error("The S3 client did not return a Node stream");
      const total = range ? Number(answer.ContentRange?.split("/")[1] ?? NaN) : (answer.ContentLength ?? 0);
      return {
        key,
        size: total,
        contentType: answer.ContentType ?? "application/octet-stream",
        sha256: answer.Metadata?.sha256,
        body: answer.Body,
        range,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.bucket.delete(assertMediaKey(key));
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.bucket.deleteListed(`${assertMediaKey(prefix)}/`);
    await this.parts.deleteUnder(prefix);
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<SignedUrl> {
    assertMediaKey(key);
    const expiresIn = options.expiresInSeconds ?? defaultSignedUrlSeconds;
    const contentType = options.contentType === undefined ? undefined : assertContentType(options.contentType);
    const signingDate = new Date(this.options.now?.() ?? Date.now());
    // ResponseContentType travels as response-content-type in the query, which SigV4 signs with
    // every other parameter: a link whose type was added, changed or removed does not verify.
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: key, ResponseContentType: contentType });
    const url = await getSignedUrl(this.client, command, { expiresIn, signingDate });
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000) };
  }

  appendPart(key: string, partNumber: number, body: MediaBody, options?: AppendPartOptions): Promise<AppendPartResult> {
    return this.parts.append(key, partNumber, body, options);
  }

  listParts(key: string): Promise<StoredPart[]> {
    return this.parts.list(key);
  }

  getPart(key: string, partNumber: number): Promise<PartStream | null> {
    return this.parts.get(key, partNumber);
  }

  deleteParts(key: string): Promise<void> {
    return this.parts.delete(key);
  }

  /**
   * Streams the parts, one GET at a time and in order, through the same multipart writer as
   * put() (the joined digest is known only at the end, so a join larger than one part goes by
   * way of `_tmp/` and a server-side copy that also records which parts made it). The object
   * appears only once complete; the parts go after.
   */
  async completeParts(key: string, options: CompletePartsOptions): Promise<StoredObject> {
    assertMediaKey(key);
    const contentType = assertContentType(options.contentType);
    const partNumbers = checkPartNumbers(options.partNumbers);
    const [existing, stored] = await Promise.all([this.bucket.head(key), this.parts.list(key)]);
    const step = completionStep(partNumbers, stored, existing ? partsMarkerOf(existing) : undefined);
    if (step.kind === "completed") {
      await this.parts.delete(key);
      return { key, size: existing?.ContentLength ?? 0, sha256: existing?.Metadata?.sha256 ?? "" };
    }
    if (step.kind === "missing") throw new MissingPartsError(step.missing);
    const staged = await stage(
      this.bucket,
      joinedParts((partNumber) => this.parts.get(key, partNumber), step.parts),
      {
        key: this.bucket.tempKey(),
        contentType,
        metadata: {},
      },
    );
    const expectedSize = step.parts.reduce((sum, part) => sum + part.size, 0);
    if (staged.size !== expectedSize) {
      if (staged.kind === "uploaded") await this.bucket.delete(staged.key);
      throw new Error(`The joined parts hold ${staged.size} bytes, not the ${expectedSize} recorded`);
    }
    const metadata = { sha256: staged.sha256, "parts-numbers": step.marker.numbers, "parts-manifest": step.marker.manifest };
    await this.land(staged, { key, contentType, metadata });
    await this.parts.delete(key);
    return { key, size: staged.size, sha256: staged.sha256 };
  }

  /** Releases the client's sockets (tests; the app keeps one driver for its lifetime). */
  destroy(): void {
    this.client.destroy();
  }
}

function objectInfo(key: string, head: HeadObjectCommandOutput): ObjectInfo {
  return {
    key,
    size: head.ContentLength ?? 0,
    contentType: head.ContentType ?? "application/octet-stream",
    sha256: head.Metadata?.sha256,
  };
}

function partsMarkerOf(head: HeadObjectCommandOutput): PartsMarker | undefined {
  const numbers = head.Metadata?.["parts-numbers"];
  const manifest = head.Metadata?.["parts-manifest"];
  return numbers && manifest && head.Metadata?.sha256 ? { numbers, manifest } : undefined;
}

async function digestOf(body: MediaBody): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of toReadable(body)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}
