import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../config";

let cached: Buffer | undefined;

/**
 * The key that signs what the service hands out and takes back (cursors, media links).
 * APP_SECRET in production, where every process must share it; otherwise one is made
 * on first use and kept in DATA_DIR, readable by its owner only.
 */
export function appSecret(): Buffer {
  if (cached) return cached;
  const configured = config().APP_SECRET;
  if (configured) {
    cached = Buffer.from(configured, "utf8");
    return cached;
  }
  cached = appSecretIn(config().DATA_DIR);
  return cached;
}

/** The secret kept in `dataDir`, made on first use; every process sharing the folder reads the same. */
export function appSecretIn(dataDir: string): Buffer {
  const file = path.join(dataDir, "app-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process on this machine made it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "utf8");
}
