import type { Dirent } from "node:fs";
import { lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { mediaTempDirs } from "./data-dir-layout";

/**
 * A temporary file lives for moments: written, then renamed into place or uploaded and removed.
 * One untouched for an hour was left by a process that died; a younger one may belong to a live
 * process sharing DATA_DIR (web and `npm run worker`), so it stays.
 */
export const staleTempAgeMs = 60 * 60 * 1000;

export interface SweepResult {
  /** Entries removed, by folder name (`media/tmp`, `media-spool`). */
  removed: Record<string, number>;
  total: number;
  /** Stale entries that could not be removed (left for the next start). */
  failed: number;
}

function missing(error: unknown): null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return null;
  throw error;
}

/**
 * When the entry was last written: its own mtime, or for a folder (a spool folder holds one
 * body file; a folder being removed by deletePrefix has its mtime refreshed) the newest of its
 * own and its direct children's. Null when it vanished meanwhile (another process swept it).
 */
async function lastWritten(entry: string): Promise<number | null> {
  const info = await lstat(entry).catch(missing);
  if (!info) return null;
  let newest = info.mtimeMs;
  if (info.isDirectory()) {
    for (const child of await readdir(entry).catch(() => [])) {
      const childInfo = await lstat(path.join(entry, child)).catch(missing);
      if (childInfo) newest = Math.max(newest, childInfo.mtimeMs);
    }
  }
  return newest;
}

/**
 * Removes the entries of the media temp folders under `dataDir` last written more than
 * `maxAgeMs` ago. Never follows a symbolic link (a link found there is removed, not its target)
 * and never throws for one entry: what it cannot remove is counted in `failed`.
 */
export async function sweepStaleTempFiles(
  dataDir: string,
  { maxAgeMs = staleTempAgeMs, now = Date.now() }: { maxAgeMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { removed: {}, total: 0, failed: 0 };
  for (const [name, folder] of Object.entries(mediaTempDirs(dataDir))) {
    const entries: Dirent[] = (await readdir(folder, { withFileTypes: true }).catch(missing)) ?? [];
    let removed = 0;
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      try {
        const written = await lastWritten(full);
        if (written === null || now - written <= maxAgeMs) continue;
        await rm(full, { recursive: true, force: true });
        removed += 1;
      } catch {
        result.failed += 1;
      }
    }
    if (removed > 0) result.removed[name] = removed;
    result.total += removed;
  }
  return result;
}
