import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertContentType, assertMediaKey, contentAddressedKey } from "./keys";
import { type Payload, preparePayload } from "./payload";
import {
  type ByteRange,
  type ContentAddressedResult,
  defaultSignedUrlSeconds,
  type MediaBody,
  type MediaStorage,
  type ObjectInfo,
  type ObjectStream,
  type PutContentAddressedOptions,
  type PutOptions,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredObject,
} from "./storage";

/** DeleteObjects takes at most 1000 keys, as many as one ListObjectsV2 page holds. */
const deleteBatchSize = 1000;

export interface S3DriverOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services; AWS itself needs none. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most self-hosted services need it. */
  forcePathStyle?: boolean;
  /** Where stream bodies are spooled before upload (lib/media/payload.ts). */
  spoolDir: string;
  now?: () => number;
}

/**
 * S3 and S3-compatible storage. A body of unknown length is first streamed to a temp file while
 * it is hashed, then sent with one PutObject of known ContentLength. Why not multipart: the
 * content-addressed key is only known once every byte is hashed, so the bytes must be held
 * somewhere first anyway; a file holds them at no memory cost, whereas multipart holds each 5 MB
 * part in memory, leaves orphaned uploads behind on a crash and would still need a server-side
 * copy to the final key. PutObject takes up to 5 GB, far above our media sizes.
 */
export class S3Driver implements MediaStorage {
  private readonly client: S3Client;

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
  }

  private async upload(key: string, payload: Payload, contentType: string, onlyIfAbsent = false): Promise<void> {
    const { body, size, sha256 } = payload;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: typeof body === "function" ? body() : body,
        ContentLength: size,
        ContentType: contentType,
        Metadata: { sha256 },
        IfNoneMatch: onlyIfAbsent ? "*" : undefined,
      }),
    );
  }

  async put(key: string, body: MediaBody, options: PutOptions): Promise<StoredObject> {
    assertMediaKey(key);
    const contentType = assertContentType(options.contentType);
    return preparePayload(body, this.options.spoolDir, async (payload) => {
      await this.upload(key, payload, contentType);
      return { key, size: payload.size, sha256: payload.sha256 };
    });
  }

  async putContentAddressed(body: MediaBody, options: PutContentAddressedOptions): Promise<ContentAddressedResult> {
    const contentType = assertContentType(options.contentType);
    assertMediaKey(options.prefix);
    return preparePayload(body, this.options.spoolDir, async (payload) => {
      const key = contentAddressedKey(options.prefix, payload.sha256);
      const result = { key, size: payload.size, sha256: payload.sha256 };
      if (await this.head(key)) return { ...result, duplicate: true };
      try {
        // A conditional write (AWS S3 and most compatible services): of two writers of the same
        // bytes at once, the second is refused and learns it is a duplicate. A service that
        // ignores the condition (s3rver) just stores identical bytes twice under one key.
        await this.upload(key, payload, contentType, true);
      } catch (error) {
        if (statusOf(error) === 412 || statusOf(error) === 409) return { ...result, duplicate: true };
        if (statusOf(error) !== 501) throw error;
        await this.upload(key, payload, contentType);
      }
      return { ...result, duplicate: false };
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertMediaKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? "application/octet-stream",
        sha256: answer.Metadata?.sha256,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
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
    assertMediaKey(key);
    // S3 answers success for an unknown key: idempotent by nature.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = `${assertMediaKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: folder, ContinuationToken: token }),
      );
      // Checked again here so that a service ignoring Prefix still cannot make us delete outside it.
      const keys = (page.Contents ?? []).flatMap((item) => (item.Key?.startsWith(folder) ? [item.Key] : []));
      for (let at = 0; at < keys.length; at += deleteBatchSize) await this.deleteBatch(keys.slice(at, at + deleteBatchSize));
      if (page.IsTruncated && !page.NextContinuationToken) throw new Error("S3 listed a truncated page without a continuation token");
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** One DeleteObjects call; it answers 200 even when keys failed, so its per-key errors are checked. */
  private async deleteBatch(keys: string[]): Promise<void> {
    const answer = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const errors = answer.Errors ?? [];
    if (errors.length === 0) return;
    const first = errors[0]!;
    throw new Error(
      `S3 did not delete ${errors.length} of ${keys.length} objects; first ${first.Key ?? "?"}: ${first.Code ?? "error"} ${first.Message ?? ""}`.trim(),
    );
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<SignedUrl> {
    assertMediaKey(key);
    const expiresIn = options.expiresInSeconds ?? defaultSignedUrlSeconds;
    const contentType = options.contentType === undefined ? undefined : assertContentType(options.contentType);
    const signingDate = new Date(this.options.now?.() ?? Date.now());
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: key, ResponseContentType: contentType });
    const url = await getSignedUrl(this.client, command, { expiresIn, signingDate });
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000) };
  }

  /** Releases the client's sockets (tests; the app keeps one driver for its lifetime). */
  destroy(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return statusOf(error) === 404 || error.name === "NoSuchKey" || error.name === "NotFound";
}
