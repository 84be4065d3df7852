import type { Readable } from "node:stream";

/** What a driver accepts as bytes: a Buffer for small objects, any byte stream for the rest. */
export type MediaBody = Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface PutOptions {
  contentType: string;
}

export interface PutContentAddressedOptions extends PutOptions {
  /** Key prefix; the object lands at `contentAddressedKey(prefix, sha256)`. */
  prefix: string;
}

export interface StoredObject {
  key: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
}

export interface ContentAddressedResult extends StoredObject {
  /** True when an object with these bytes was already stored; nothing was written. */
  duplicate: boolean;
}

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  sha256?: string;
}

/** Inclusive byte range, as HTTP ranges are. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStream extends ObjectInfo {
  body: Readable;
  /** The range that `body` holds, when one was asked for. */
  range?: ByteRange;
}

export interface SignedUrlOptions {
  /** Default 900 (spec, Limits: signed media links). */
  expiresInSeconds?: number;
  /** Served as Content-Type instead of the stored one. */
  contentType?: string;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

export const defaultSignedUrlSeconds = 900;

/**
 * Where media bytes live. Writes stream: no driver holds a whole object in memory. A key is
 * checked by lib/media/keys.ts before it reaches the disk or the bucket.
 */
export interface MediaStorage {
  put(key: string, body: MediaBody, options: PutOptions): Promise<StoredObject>;
  /** Stores under a key derived from the SHA-256 of the bytes; equal bytes are stored once. */
  putContentAddressed(body: MediaBody, options: PutContentAddressedOptions): Promise<ContentAddressedResult>;
  /** The bytes and metadata, or null for an unknown key; `range` must lie inside the object. */
  get(key: string, options?: { range?: ByteRange }): Promise<ObjectStream | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removing an unknown key succeeds. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `${prefix}/`: a whole folder such as
   * `tours/<property>/<import>`. Neither the object named `prefix` itself nor a sibling like
   * `${prefix}x/...` is touched. `prefix` obeys the key rules (so never "" or "/"); a prefix with
   * nothing under it succeeds. Throws if any object could not be removed.
   */
  deletePrefix(prefix: string): Promise<void>;
  signedUrl(key: string, options?: SignedUrlOptions): Promise<SignedUrl>;
}
