import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, lstat, mkdir, readFile, realpath, rename, rm, stat, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { HashingMeter, toReadable } from "./hashing";
import { assertContentType, assertMediaKey, contentAddressedKey } from "./keys";
import { type LinkClaims, linkSignatureMatches, mediaLinkKey, signLink } from "./link-signature";
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

export interface LocalDiskOptions {
  /** The media root, `<DATA_DIR>/media` in the app. */
  root: string;
  /** The app secret (lib/secrets/app-secret.ts); the link key is derived from it. */
  secret: Buffer;
  /** The app's public origin; links point at its `/media` route. */
  baseUrl: string;
  now?: () => number;
}

/**
 * Where a driver rooted at `root` keeps partial writes and folders being removed. Anything left
 * there by a crash is removed at the next start (lib/media/sweep-temp-files.ts).
 */
export function localDiskTempDir(root: string): string {
  return path.join(path.resolve(root), "tmp");
}

interface Sidecar {
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Files under `<root>/objects/<key>`, metadata in `<root>/meta/<key>.json`, partial writes in
 * `<root>/tmp` (same filesystem, so a rename is atomic). The data file is the commit point: the
 * sidecar is written before it appears and removed after it is gone, so a visible object always
 * has its metadata.
 */
export class LocalDiskDriver implements MediaStorage {
  private readonly root: string;
  private readonly linkKey: Buffer;

  constructor(private readonly options: LocalDiskOptions) {
    this.root = path.resolve(options.root);
    this.linkKey = mediaLinkKey(options.secret);
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

  private async tempFile(): Promise<string> {
    const dir = localDiskTempDir(this.root);
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  /** Streams the body to a fresh temp file, hashing as it goes. */
  private async spool(body: MediaBody): Promise<{ temp: string; size: number; sha256: string }> {
    const temp = await this.tempFile();
    const meter = new HashingMeter();
    try {
      await pipeline(toReadable(body), meter, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { temp, size: meter.size, sha256: meter.sha256() };
  }

  private async writeSidecar(key: string, sidecar: Sidecar): Promise<void> {
    const file = this.metaPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = await this.tempFile();
    await writeFile(temp, JSON.stringify(sidecar), { mode: 0o600 });
    await rename(temp, file);
  }

  async put(key: string, body: MediaBody, options: PutOptions): Promise<StoredObject> {
    const target = this.objectPath(key);
    const contentType = assertContentType(options.contentType);
    const { temp, size, sha256 } = await this.spool(body);
    try {
      await this.writeSidecar(key, { contentType, size, sha256 });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { key, size, sha256 };
  }

  async putContentAddressed(body: MediaBody, options: PutContentAddressedOptions): Promise<ContentAddressedResult> {
    const contentType = assertContentType(options.contentType);
    assertMediaKey(options.prefix);
    const { temp, size, sha256 } = await this.spool(body);
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
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return { key, size, sha256, duplicate: true };
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const target = this.objectPath(key);
    const [file, sidecar] = await Promise.all([stat(target).catch(missing), this.readSidecar(key)]);
    if (!file?.isFile() || !sidecar) return null;
    return { key, size: file.size, contentType: sidecar.contentType, sha256: sidecar.sha256 };
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
    const opened = await new Promise<boolean>((resolve) => {
      body.once("open", () => resolve(true));
      body.once("error", () => resolve(false));
    });
    return opened ? { ...info, body, range } : null;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.objectPath(key)).catch(missing);
    await unlink(this.metaPath(key)).catch(missing);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertMediaKey(prefix);
    // Data first: once objects/<prefix> has gone no object under it is visible (head() needs the
    // data file), whatever happens to the sidecars after.
    await this.removeFolder("objects", prefix);
    await this.removeFolder("meta", prefix);
  }

  /**
   * Moves `<area>/<prefix>` into tmp/ with one rename, so readers see the whole folder or none of
   * it, then removes it there; a crash part-way leaves it to the start-up sweep. A file of that
   * name (the object whose key is the prefix itself) is not a folder of objects and stays.
   */
  private async removeFolder(area: "objects" | "meta", prefix: string): Promise<void> {
    const folder = path.join(this.root, area, prefix);
    const found = await lstat(folder).catch(missing);
    if (!found?.isDirectory()) return;
    // Only what this driver made: no symbolic link on the way may lead the rename outside the root.
    const areaRoot = await realpath(path.join(this.root, area));
    if ((await realpath(folder)) !== path.join(areaRoot, prefix)) {
      throw new Error("Refusing to remove a media folder reached through a symbolic link");
    }
    const trash = await this.tempFile();
    // The sweep judges age by mtime, which a rename keeps: made fresh first, so that no other
    // process's start-up sweep takes the folder in tmp/ for a crash's leftover while it goes.
    const now = new Date();
    try {
      await utimes(folder, now, now);
      await rename(folder, trash);
    } catch (error) {
      missing(error); // already gone: someone else removed it meanwhile
      return;
    }
    await rm(trash, { recursive: true, force: true });
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<SignedUrl> {
    assertMediaKey(key);
    const contentType = options.contentType === undefined ? undefined : assertContentType(options.contentType);
    const now = this.options.now?.() ?? Date.now();
    const expires = Math.floor(now / 1000) + (options.expiresInSeconds ?? defaultSignedUrlSeconds);
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, "")}/media/${key}`);
    url.searchParams.set("expires", String(expires));
    if (contentType) url.searchParams.set("type", contentType);
    url.searchParams.set("signature", signLink(this.linkKey, { key, expires, contentType }));
    return { url: url.toString(), expiresAt: new Date(expires * 1000) };
  }
}

function missing(error: unknown): null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return null;
  throw error;
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(missing)) !== null;
}
