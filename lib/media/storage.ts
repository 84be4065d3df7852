import type { Readable } from "node:stream";

/** What a driver accepts as bytes: a Buffer for small objects, any byte stream for the rest. */
export type MediaBody = Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface PutOptions {
  contentType: string;
  /**
   * Lowercase hex SHA-256 the bytes are known to have (a caller that spooled them already hashed
   * them). The bytes are still hashed as they stream and a mismatch throws ChecksumMismatchError,
   * storing nothing. On S3 it also spares a large body the temporary key and server-side copy
   * its metadata would otherwise need (lib/media/s3-driver.ts).
   */
  sha256?: string;
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
  /** Recorded by both drivers for everything they write; absent only on objects written by other tools. */
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

export interface AppendPartOptions {
  /** The part's SHA-256 as the sender computed it; a mismatch throws PartChecksumError, storing nothing. */
  sha256?: string;
}

export interface StoredPart {
  partNumber: number;
  size: number;
  sha256: string;
}

export interface AppendPartResult extends StoredPart {
  /** True when this number already held these bytes: nothing was written. */
  duplicate: boolean;
}

export interface PartStream extends StoredPart {
  body: Readable;
}

export interface CompletePartsOptions {
  contentType: string;
  /** The parts to join, in the order given; distinct, each 1..10000, at least one. */
  partNumbers: number[];
}

/**
 * Where media bytes live. Writes stream: no driver holds a whole object in memory, whatever its
 * size. A key is checked by lib/media/keys.ts before it reaches the disk or the bucket.
 */
export interface MediaStorage {
  /** Replaces any object under `key`; readers see the old object or the whole new one. */
  put(key: string, body: MediaBody, options: PutOptions): Promise<StoredObject>;
  /** Stores under a key derived from the SHA-256 of the bytes; equal bytes are stored once. */
  putContentAddressed(body: MediaBody, options: PutContentAddressedOptions): Promise<ContentAddressedResult>;
  /** The bytes and metadata, or null for an unknown key; `range` must lie inside the object. */
  get(key: string, options?: { range?: ByteRange }): Promise<ObjectStream | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removing an unknown key succeeds. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `${prefix}/`, and the parts of every such key: a
   * whole folder such as `tours/<property>/<import>`. Neither the object named `prefix` itself
   * (nor its parts) nor a sibling like `${prefix}x/...` is touched. `prefix` obeys the key rules
   * (so never "" or "/"); a prefix with nothing under it succeeds. Throws if anything could not
   * be removed.
   */
  deletePrefix(prefix: string): Promise<void>;
  signedUrl(key: string, options?: SignedUrlOptions): Promise<SignedUrl>;

  /*
   * Parts: an object still being written, as numbered pieces that arrive in any order, each
   * possibly more than once (a phone retrying a recording segment), later joined into the object
   * at `key`. Parts are kept apart from objects (no get/head/delete of `key` sees them) and are
   * never visible half written: a part whose body fails mid-stream leaves nothing.
   */

  /**
   * Stores part `partNumber` (1..10000, at least 1 byte) of `key`. Idempotent: the same number
   * with the same bytes again answers `duplicate: true` and writes nothing; other bytes under a
   * stored number throw PartConflictError. Of two writers of one number at once, one part remains.
   */
  appendPart(key: string, partNumber: number, body: MediaBody, options?: AppendPartOptions): Promise<AppendPartResult>;
  /** The stored parts of `key`, by number. */
  listParts(key: string): Promise<StoredPart[]>;
  /** One part's bytes (a sealer joins them into a local file), or null when it is not stored. */
  getPart(key: string, partNumber: number): Promise<PartStream | null>;
  /**
   * Joins the named parts, in the order given, into the object at `key` (streamed, never held in
   * memory), which appears only once complete; then removes every part of `key`. Throws
   * MissingPartsError, storing nothing, when a named part is not stored. Idempotent: called
   * again after success (parts gone, or a crash before they went) it answers the same object.
   * To join a new set under a key completed before, delete the object first: while the new set
   * is incomplete, the same numbers are taken for the earlier completion (and its parts dropped).
   */
  completeParts(key: string, options: CompletePartsOptions): Promise<StoredObject>;
  /** Removes every part of `key` (an abandoned upload); succeeds when there are none. */
  deleteParts(key: string): Promise<void>;
}
