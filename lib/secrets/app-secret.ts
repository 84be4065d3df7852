import { randomBytes } from "node:crypto";
import { config } from "../config";
import { processSingleton } from "../process-state";
import { dataDirSecret } from "./data-dir-secret";

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

/** The secret kept in `dataDir`, made on first use (lib/secrets/data-dir-secret.ts). */
export function appSecretIn(dataDir: string): Buffer {
  const secret = dataDirSecret(dataDir, "app-secret", () => randomBytes(32).toString("base64url"));
  return Buffer.from(secret.trim(), "utf8");
}
