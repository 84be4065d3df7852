import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A bearer token of 256 random bits; only its hash is stored. */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** As Prisma stores `Bytes`. */
export function hashToken(token: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash("sha256").update(token, "utf8").digest());
}

export function tokenMatches(token: string, hash: Uint8Array): boolean {
  const given = hashToken(token);
  return given.length === hash.length && timingSafeEqual(given, hash);
}
