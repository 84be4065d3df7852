import { createReadStream } from "node:fs";
import { link, mkdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { ChecksumMismatchError, MissingPartsError } from "./errors";
import { assertContentType, assertMediaKey, assertSha256Hex, contentAddressedKey } from "./keys";
import { type LinkClaims, linkSignatureMatches, mediaLinkKey, signLink } from "./link-signature";
import { isErrno, localDiskTempDir, missing, opened, removeFolder, type Spooled, spool, tempFile } from "./local-disk-files";
import { LocalDiskParts } from "./local-disk-parts";
import { checkPartNumbers, completionStep, joinedParts, type PartsMarker } from "./parts";
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

export { localDiskTempDir };

export interface LocalDiskOptions {
  /** The media root, `<DATA_DIR>/media` in the app. */
  root: string;
  /** The app secret (lib/secrets/app-secret.ts); the link key is derived from it. */
  secret: Buffer;
  /** The app's public origin; links point at its `/media` route. */
  baseUrl: string;
  now?: () => number;
}

interface Sidecar {
  contentType: string;
  size: number;
  sha256: string;
  /** Only on objects joined by completeParts. */
  parts?: PartsMarker;
}

/**
 * Files under `<root>/objects/<key>`, metadata in `<root>/meta/<key>.json`, partial writes in
 * `<root>/tmp`, parts in `<root>/parts` (lib/media/local-disk-parts.ts). The data file is the
 * commit point: the sidecar is written before it appears and removed after it is gone, so a
 * visible object always has its metadata. Every write streams to a temp file while it is hashed
 * and is renamed (or linked) into place, so size does not matter and readers never see half.
 */
export class LocalDiskDriver implements MediaStorage {
  private readonly root: string;
  private readonly linkKey: Buffer;
  private readonly parts: LocalDiskParts;

  constructor(private readonly options: LocalDiskOptions) {
    this.root = path.resolve(options.root);
    this.linkKey = mediaLinkKey(options.secret);
    this.parts = new LocalDiskParts(this.root);
  }

  /** Whether a link's signature covers these claims (constant time); expiry is the caller's check. */
  verifyLink(claims: LinkClaims, signature: string): boolean {
    return linkSignatureMatches(this.linkKey, claims, signature);
  }

  private objectPath(key: string): string {
    return path.join(this.root, "objects", assertMediaKey(key));
  }

  private metaPath(key: string): string {
    return path.join(this.root, "meta", `${assertMediaKey(key)}.json`);
  }

  /** Spools the body and checks it against a digest the caller gave; a mismatch keeps nothing. */
  private async spoolChecked(body: MediaBody, sha256: string | undefined): Promise<Spooled> {
    const expected = sha256 === undefined ? undefined : assertSha256Hex(sha256);
    const spooled = await spool(this.root, body);
    if (expected !== undefined && spooled.sha256 !== expected) {
      await rm(spooled.temp, { force: true });
      throw new ChecksumMismatchError();
    }
    return spooled;
  }

  private async writeSidecar(key: string, sidecar: Sidecar): Promise<void> {
    const file = this.metaPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = await tempFile(this.root);
    await writeFile(temp, JSON.stringify(sidecar), { mode: 0o600 });
    await rename(temp, file);
  }

  /** Metadata first, then the data file renamed into place: the object appears whole. */
  private async commit(
    key: string,
    { temp, size, sha256 }: Spooled,
    contentType: string,
    parts?: PartsMarker,
  ): Promise<StoredObject> {
    const target = this.objectPath(key);
    try {
      await this.writeSidecar(key, { contentType, size, sha256, parts });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { key, size, sha256 };
  }

  async put(key: string, body: MediaBody, options: PutOptions): Promise<StoredObject> {
    assertMediaKey(key);
    const contentType = assertContentType(options.contentType);
    return this.commit(key, await this.spoolChecked(body, options.sha256), contentType);
  }

  async putContentAddressed(body: MediaBody, options: PutContentAddressedOptions): Promise<ContentAddressedResult> {
    const contentType = assertContentType(options.contentType);
    assertMediaKey(options.prefix);
    const { temp, size, sha256 } = await this.spoolChecked(body, options.sha256);
    const key = contentAddressedKey(options.prefix, sha256);
    const target = this.objectPath(key);
    try {
      if (await exists(target)) return { key, size, sha256, duplicate: true };
      await this.writeSidecar(key, { contentType, size, sha256 });
      await mkdir(path.dirname(target), { recursive: true });
      // link() refuses an existing name, unlike rename(): of two writers of the same bytes at
      // once exactly one stores them and the other learns it is a duplicate.
      await link(temp, target);
      return { key, size, sha256, duplicate: false };
    } catch (error) {
      if (isErrno(error, "EEXIST")) return { key, size, sha256, duplicate: true };
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const found = await this.stored(key);
    return found && { key, size: found.size, contentType: found.sidecar.contentType, sha256: found.sidecar.sha256 };
  }

  /** The object's size and sidecar, when both its data file and its metadata are there. */
  private async stored(key: string): Promise<{ size: number; sidecar: Sidecar } | null> {
    const [file, sidecar] = await Promise.all([stat(this.objectPath(key)).catch(missing), this.readSidecar(key)]);
    return file?.isFile() && sidecar ? { size: file.size, sidecar } : null;
  }

  private async readSidecar(key: string): Promise<Sidecar | null> {
    const text = await readFile(this.metaPath(key), "utf8").catch(missing);
    return text === null ? null : (JSON.parse(text) as Sidecar);
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<ObjectStream | null> {
    const info = await this.head(key);
    if (!info) return null;
    const range = options.range;
    if (range && (range.start < 0 || range.end < range.start || range.end >= info.size)) {
      throw new RangeError("The range lies outside the object");
    }
    const body = createReadStream(this.objectPath(key), range ? { start: range.start, end: range.end } : {});
    // Opening can still fail if the object was deleted since head(): report it as unknown.
    return (await opened(body)) ? { ...info, body, range } : null;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.objectPath(key)).catch(missing);
    await unlink(this.metaPath(key)).catch(missing);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertMediaKey(prefix);
    // Data first: once objects/<prefix> has gone no object under it is visible (head() needs the
    // data file), whatever happens to the sidecars after.
    await removeFolder(this.root, "objects", prefix);
    await removeFolder(this.root, "meta", prefix);
    await this.parts.deleteUnder(prefix);
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<SignedUrl> {
    assertMediaKey(key);
    const contentType = options.contentType === undefined ? undefined : assertContentType(options.contentType);
    const now = this.options.now?.() ?? Date.now();
    const expires = Math.floor(now / 1000) + (options.expiresInSeconds ?? defaultSignedUrlSeconds);
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, "")}/media/${key}`);
    url.searchParams.set("expires", String(expires));
    if (contentType !== undefined) url.searchParams.set("type", contentType);
    url.searchParams.set("signature", signLink(this.linkKey, { key, expires, contentType }));
    return { url: url.toString(), expiresAt: new Date(expires * 1000) };
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

  /** Streams the parts into one temp file, then commits it like put(); parts go once it is in place. */
  async completeParts(key: string, options: CompletePartsOptions): Promise<StoredObject> {
    assertMediaKey(key);
    const contentType = assertContentType(options.contentType);
    const partNumbers = checkPartNumbers(options.partNumbers);
    const [existing, stored] = await Promise.all([this.stored(key), this.parts.list(key)]);
    const step = completionStep(partNumbers, stored, existing?.sidecar.parts);
    if (step.kind === "completed") {
      await this.parts.delete(key);
      return { key, size: existing!.size, sha256: existing!.sidecar.sha256 };
    }
    if (step.kind === "missing") throw new MissingPartsError(step.missing);
    const spooled = await spool(
      this.root,
      joinedParts((partNumber) => this.parts.get(key, partNumber), step.parts),
    );
    const expectedSize = step.parts.reduce((sum, part) => sum + part.size, 0);
    if (spooled.size !== expectedSize) {
      await rm(spooled.temp, { force: true });
      throw new Error(`The joined parts hold ${spooled.size} bytes, not the ${expectedSize} recorded`);
    }
    const object = await this.commit(key, spooled, contentType, step.marker);
    await this.parts.delete(key);
    return object;
  }
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(missing)) !== null;
}
