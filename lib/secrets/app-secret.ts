import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../config";
import { processSingleton } from "../process-state";

/**
 * The key that signs what the service hands out and takes back (cursors, media links) and from
 * which the encryption keys are derived. APP_SECRET wherever a database is shared (lib/config.ts
 * refuses an external DATABASE_URL without it); with the embedded database, one made on first
 * use and kept in DATA_DIR, readable by its owner only.
 */
export function appSecret(): Buffer {
  return processSingleton("app-secret", () => {
    const configured = config().APP_SECRET;
    return configured ? Buffer.from(configured, "utf8") : appSecretIn(config().DATA_DIR);
  });
}

/**
 * The secret kept in `dataDir`, made on first use; every process sharing the folder reads the
 * same. It is written whole to a private temporary file and then linked into place: link()
 * refuses an existing name, so of two processes starting at once exactly one secret wins, and
 * no reader ever sees the file empty or half written.
 */
export function appSecretIn(dataDir: string): Buffer {
  const file = path.join(dataDir, "app-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
    writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    try {
      linkSync(draft, file);
    } catch (error) {
      // Another process made it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "utf8");
}
