import { randomUUID } from "node:crypto";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

/** How the S3 driver cuts transfers; memory per streamed write is about partSize x (queueSize + 2). */
export interface TransferSizes {
  /** Bytes per uploaded part, and the largest body sent with one PutObject (S3: at least 5 MiB). */
  partSize: number;
  /** Parts in flight at once per write. */
  queueSize: number;
  /** Largest object one CopyObject copies (S3: 5 GiB); beyond it a multipart copy. */
  maxCopyObjectBytes: number;
  /** Bytes per UploadPartCopy of a multipart copy (S3: 5 MiB to 5 GiB). */
  copyPartSize: number;
}

export const mib = 1024 * 1024;

export const defaultTransferSizes: TransferSizes = {
  partSize: 8 * mib,
  queueSize: 4,
  maxCopyObjectBytes: 5 * 1024 * mib,
  copyPartSize: 256 * mib,
};

/** Where the driver keeps what is not an object: keys.ts lets no key start with `_`, so no key reaches them. */
export const reservedPrefixes = {
  /** Whole bodies waiting for a server-side copy to their final key. */
  temp: "_tmp/",
  /** Parts of objects still being written (lib/media/s3-parts.ts). */
  parts: "_parts/",
} as const;

/** DeleteObjects takes at most 1000 keys, as many as one ListObjectsV2 page holds. */
const deleteBatchSize = 1000;

/** One bucket and the client that reaches it, with the few calls every part of the driver needs. */
export class S3Bucket {
  constructor(
    readonly client: S3Client,
    readonly name: string,
    readonly sizes: TransferSizes,
  ) {}

  tempKey(): string {
    return `${reservedPrefixes.temp}${randomUUID()}`;
  }

  async head(key: string): Promise<HeadObjectCommandOutput | null> {
    try {
      return await this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** S3 answers success for an unknown key: idempotent by nature. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key }));
  }

  /** Every key under `prefix`, page by page (ListObjectsV2 returns them in key order). */
  async *list(prefix: string): AsyncGenerator<{ key: string; size: number }[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix, ContinuationToken: token }),
      );
      // Checked again here so that a service ignoring Prefix still cannot make us touch keys outside it.
      yield (page.Contents ?? []).flatMap((item) =>
        item.Key?.startsWith(prefix) ? [{ key: item.Key, size: item.Size ?? 0 }] : [],
      );
      if (page.IsTruncated && !page.NextContinuationToken)
        throw new Error("S3 listed a truncated page without a continuation token");
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Deletes every listed key under `prefix` that `keep` does not claim, in batches of 1000. */
  async deleteListed(prefix: string, keep: (key: string) => boolean = () => false): Promise<void> {
    for await (const page of this.list(prefix)) {
      const keys = page.flatMap((item) => (keep(item.key) ? [] : [item.key]));
      for (let at = 0; at < keys.length; at += deleteBatchSize) await this.deleteBatch(keys.slice(at, at + deleteBatchSize));
    }
  }

  /** One DeleteObjects call; it answers 200 even when keys failed, so its per-key errors are checked. */
  private async deleteBatch(keys: string[]): Promise<void> {
    const answer = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.name, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const errors = answer.Errors ?? [];
    if (errors.length === 0) return;
    const first = errors[0]!;
    throw new Error(
      `S3 did not delete ${errors.length} of ${keys.length} objects; first ${first.Key ?? "?"}: ${first.Code ?? "error"} ${first.Message ?? ""}`.trim(),
    );
  }
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return statusOf(error) === 404 || error.name === "NoSuchKey" || error.name === "NotFound";
}

/** 412: the key exists. 409: another conditional write of the key is under way (S3 asks to retry). */
export function isConditionFailure(error: unknown): boolean {
  return statusOf(error) === 412 || statusOf(error) === 409;
}

/**
 * Sends a write with `If-None-Match: *` when `onlyIfAbsent`, so that of two writers of one key
 * the second is refused (AWS S3 since 2024, MinIO, R2 and most compatible services). A service
 * answering 501 to the header gets the write without it; one that ignores it (s3rver) just
 * overwrites, and the callers' earlier HEAD is then the only guard.
 */
export async function conditionally<T>(onlyIfAbsent: boolean, send: (ifNoneMatch: "*" | undefined) => Promise<T>): Promise<T> {
  if (!onlyIfAbsent) return send(undefined);
  try {
    return await send("*");
  } catch (error) {
    if (statusOf(error) !== 501) throw error;
    return send(undefined);
  }
}
