import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { lstat, mkdir, realpath, rename, rm, utimes } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { HashingMeter, toReadable } from "./hashing";
import type { MediaBody } from "./storage";

/*
 * File moves the local-disk driver builds on, shared by its objects and its parts. Every write
 * goes to a fresh file in `<root>/tmp` first (same filesystem, so rename and link are atomic).
 */

/**
 * Where a driver rooted at `root` keeps partial writes and folders being removed. Anything left
 * there by a crash is removed at the next start (lib/media/sweep-temp-files.ts).
 */
export function localDiskTempDir(root: string): string {
  return path.join(path.resolve(root), "tmp");
}

/** null for a path that is not there; anything else is rethrown. */
export function missing(error: unknown): null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return null;
  throw error;
}

export function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException).code === code;
}

export async function tempFile(root: string): Promise<string> {
  const dir = localDiskTempDir(root);
  await mkdir(dir, { recursive: true });
  return path.join(dir, randomUUID());
}

export interface Spooled {
  temp: string;
  size: number;
  sha256: string;
}

/** Streams a body (or several, one after the other) to a fresh temp file, hashing as it goes. */
export async function spool(root: string, body: MediaBody): Promise<Spooled> {
  const temp = await tempFile(root);
  const meter = new HashingMeter();
  try {
    await pipeline(toReadable(body), meter, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { temp, size: meter.size, sha256: meter.sha256() };
}

/**
 * Moves `<root>/<area>/<relative>` into tmp/ with one rename, so readers see the whole folder or
 * none of it, then removes it there; a crash part-way leaves it to the start-up sweep. A file of
 * that name (the object whose key is the prefix itself) is not a folder and stays.
 */
export async function removeFolder(root: string, area: string, relative: string): Promise<void> {
  const folder = path.join(root, area, relative);
  const found = await lstat(folder).catch(missing);
  if (!found?.isDirectory()) return;
  // Only what this driver made: no symbolic link on the way may lead the rename outside the root.
  const areaRoot = await realpath(path.join(root, area));
  if ((await realpath(folder)) !== path.join(areaRoot, relative)) {
    throw new Error("Refusing to remove a media folder reached through a symbolic link");
  }
  const trash = await tempFile(root);
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

/** Waits for a read stream to open: false when the file is gone (removed since it was looked up). */
export function opened(
  stream: NodeJS.ReadableStream & { once(event: "open" | "error", listener: () => void): unknown },
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    stream.once("open", () => resolve(true));
    stream.once("error", () => resolve(false));
  });
}
