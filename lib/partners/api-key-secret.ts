import "server-only";
import { createHash, randomBytes } from "node:crypto";

export const apiKeyPrefix = "service_pk_";
// 32 random bytes: 256 bits, encoded as 43 base64url characters.
const secretPattern = /^service_pk_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): string {
  return apiKeyPrefix + randomBytes(32).toString("base64url");
}

export function looksLikeApiKey(value: string): boolean {
  return secretPattern.test(value);
}

/** Keys carry 256 random bits, so a fast hash is enough; the hash is what the database holds. */
export function hashApiKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** Enough of the key for staff to tell two keys apart, too little to matter if seen. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, apiKeyPrefix.length + 4)}…`;
}
