import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret kept in `dataDir` under `name`, made by `make` on first use; every process sharing
 * the folder reads the same. It is written whole to a private temporary file and then linked into
 * place: link() refuses an existing name, so of two processes starting at once exactly one secret
 * wins, and no reader ever sees the file empty or half written.
 */
export function dataDirSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
    writeFileSync(draft, make(), { mode: 0o600, flag: "wx" });
    try {
      linkSync(draft, file);
    } catch (error) {
      // Another process made it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(file, "utf8");
}
