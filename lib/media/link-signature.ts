import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Local-disk media links: `/media/<key>?expires=<unix>&signature=<hmac>` (and `type=` when the
 * link overrides the stored Content-Type). The HMAC key is derived from the app secret for this
 * purpose alone (as lib/secrets/encryption.ts does), so no other signature of the app verifies here.
 */
const version = "v1";

export function mediaLinkKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "walkthrough-media-links", `${version}:media-link`, 32));
}

export interface LinkClaims {
  key: string;
  expires: number;
  contentType?: string;
}

// Newlines separate the fields; none of them can contain one (keys and types are validated).
function message(claims: LinkClaims): string {
  return [version, claims.key, String(claims.expires), claims.contentType ?? ""].join("\n");
}

export function signLink(linkKey: Buffer, claims: LinkClaims): string {
  return createHmac("sha256", linkKey).update(message(claims)).digest("base64url");
}

/** Constant-time comparison; a malformed signature simply fails. */
export function linkSignatureMatches(linkKey: Buffer, claims: LinkClaims, signature: string): boolean {
  const expected = Buffer.from(signLink(linkKey, claims), "base64url");
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
