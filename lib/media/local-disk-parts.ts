import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { InvalidPartError, PartChecksumError, PartConflictError } from "./errors";
import { isErrno, missing, opened, removeFolder, spool, tempFile } from "./local-disk-files";
import { assertSha256Hex } from "./keys";
import { assertPartNumber, partName, partNumberOf, partSetPath } from "./parts";
import type { AppendPartOptions, AppendPartResult, MediaBody, PartStream, StoredPart } from "./storage";

interface PartRecord {
  size: number;
  sha256: string;
  /** The data file beside the record. */
  file: string;
}

const partsArea = "parts";

/**
 * The local driver's parts: `<root>/parts/<key>/_parts/` holds, per stored part, a record
 * `00042.json` ({size, sha256, file}) and the bytes it names, `00042-<uuid>`. The record is the
 * commit point and is put in place with link(), which refuses an existing name: of two writers
 * of one number exactly one commits, and the other learns whether it sent the same bytes. A data
 * file no record names (a crash between the two links) is invisible and goes with the folder.
 */
export class LocalDiskParts {
  constructor(private readonly root: string) {}

  private setDir(key: string): string {
    return path.join(this.root, partsArea, partSetPath(key));
  }

  private async record(key: string, partNumber: number): Promise<PartRecord | null> {
    const text = await readFile(path.join(this.setDir(key), `${partName(partNumber)}.json`), "utf8").catch(missing);
    return text === null ? null : (JSON.parse(text) as PartRecord);
  }

  async append(key: string, partNumber: number, body: MediaBody, options: AppendPartOptions = {}): Promise<AppendPartResult> {
    const set = this.setDir(key);
    const name = partName(partNumber);
    const expected = options.sha256 === undefined ? undefined : assertSha256Hex(options.sha256);
    const { temp, size, sha256 } = await spool(this.root, body);
    const part = { partNumber, size, sha256 };
    const settle = (stored: PartRecord): AppendPartResult => {
      if (stored.sha256 !== sha256 || stored.size !== size) throw new PartConflictError(partNumber);
      return { ...part, duplicate: true };
    };
    let recordTemp: string | undefined;
    try {
      if (size === 0) throw new InvalidPartError("A part holds at least one byte.");
      if (expected !== undefined && expected !== sha256) throw new PartChecksumError(partNumber);
      const before = await this.record(key, partNumber);
      if (before) return settle(before);
      const file = `${name}-${randomUUID()}`;
      recordTemp = await tempFile(this.root);
      await writeFile(recordTemp, JSON.stringify({ size, sha256, file } satisfies PartRecord), { mode: 0o600, flag: "wx" });
      for (let attempt = 1; ; attempt++) {
        try {
          await mkdir(set, { recursive: true });
          await link(temp, path.join(set, file));
          try {
            await link(recordTemp, path.join(set, `${name}.json`));
            return { ...part, duplicate: false };
          } catch (error) {
            await rm(path.join(set, file), { force: true });
            throw error;
          }
        } catch (error) {
          if (isErrno(error, "EEXIST")) {
            const winner = await this.record(key, partNumber);
            if (winner) return settle(winner);
          }
          // deleteParts moved the folder away between mkdir and link: make it again.
          if (isErrno(error, "ENOENT") && attempt < 3) continue;
          throw error;
        }
      }
    } finally {
      await rm(temp, { force: true });
      if (recordTemp) await rm(recordTemp, { force: true });
    }
  }

  async list(key: string): Promise<StoredPart[]> {
    const names = (await readdir(this.setDir(key)).catch(missing)) ?? [];
    const parts: StoredPart[] = [];
    for (const name of names.sort()) {
      const partNumber = name.endsWith(".json") ? partNumberOf(name.slice(0, -5)) : null;
      if (partNumber === null) continue;
      const stored = await this.record(key, partNumber);
      if (stored) parts.push({ partNumber, size: stored.size, sha256: stored.sha256 });
    }
    return parts;
  }

  async get(key: string, partNumber: number): Promise<PartStream | null> {
    const stored = await this.record(key, assertPartNumber(partNumber));
    if (!stored) return null;
    const body = createReadStream(path.join(this.setDir(key), stored.file));
    // Removed since the record was read (deleteParts): report it as not stored.
    if (!(await opened(body))) return null;
    return { partNumber, size: stored.size, sha256: stored.sha256, body };
  }

  /** All of `key`'s parts go at once (one rename), then the folders left empty. */
  async delete(key: string): Promise<void> {
    await removeFolder(this.root, partsArea, partSetPath(key));
    await this.pruneEmptyFolders(key);
  }

  /** The parts of every key under `prefix/`: each folder below `parts/<prefix>` but its own `_parts`. */
  async deleteUnder(prefix: string): Promise<void> {
    const entries = (await readdir(path.join(this.root, partsArea, prefix), { withFileTypes: true }).catch(missing)) ?? [];
    for (const entry of entries) {
      if (entry.isDirectory() && entry.name !== "_parts") await removeFolder(this.root, partsArea, `${prefix}/${entry.name}`);
    }
    await this.pruneEmptyFolders(prefix);
  }

  /** Finished uploads leave no trail of empty folders; one still in use (not empty) ends the walk. */
  private async pruneEmptyFolders(key: string): Promise<void> {
    const area = path.join(this.root, partsArea);
    for (let dir = path.join(area, key); dir.startsWith(`${area}${path.sep}`); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
    }
  }
}
