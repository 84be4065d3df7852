import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Local-disk media links: `/media/<key>?expires=<unix>&signature=<hmac>` (and `type=` when the
 * link overrides the stored Content-Type). The HMAC key is derived from the app secret for this
 * purpose alone (as lib/secrets/encryption.ts does), so no other signature of the app verifies here.
 *
 * The rule: every parameter that changes the answer is signed, its absence distinctly from any
 * value it could take, and a query holding anything else (an unknown, repeated or empty
 * parameter) is refused rather than ignored (`parseLinkQuery`).
 */
const keyVersion = "v1";
// v2: the type line is present only when the link names a type, so `type=` (empty) no longer
// signs like no type at all. v1 links (900 s at most) stop verifying when this is deployed.
const messageVersion = "v2";

export function mediaLinkKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "walkthrough-media-links", `${keyVersion}:media-link`, 32));
}

export interface LinkClaims {
  key: string;
  expires: number;
  contentType?: string;
}

// Newlines separate the fields; none of them can contain one (keys and types are validated, and
// a parsed query value with a newline fails the content-type check before it is served).
function message(claims: LinkClaims): string {
  const lines = [messageVersion, claims.key, String(claims.expires)];
  if (claims.contentType !== undefined) lines.push(`type=${claims.contentType}`);
  return lines.join("\n");
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

export interface LinkQuery {
  expires: string;
  signature: string;
  type?: string;
}

const linkParameters: ReadonlySet<string> = new Set(["expires", "signature", "type"]);

/**
 * A link's query as the signer writes it, or null: `expires` and `signature` once each, `type`
 * at most once, every value non-empty, nothing else. Refusing what would otherwise be ignored
 * keeps one link one answer (no `type=` that turns into "no Content-Type", no second `expires`
 * a proxy might read instead of the first).
 */
export function parseLinkQuery(query: URLSearchParams): LinkQuery | null {
  const seen = new Map<string, string>();
  for (const [name, value] of query) {
    if (!linkParameters.has(name) || seen.has(name) || value === "") return null;
    seen.set(name, value);
  }
  const expires = seen.get("expires");
  const signature = seen.get("signature");
  if (expires === undefined || signature === undefined) return null;
  return { expires, signature, type: seen.get("type") };
}
