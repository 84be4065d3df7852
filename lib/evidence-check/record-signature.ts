/*
 * A record's signature checked in the browser with the Web Crypto API (Ed25519), against the keys
 * the site publishes: no key travels in the packet that the check trusts. Browser-safe: no server
 * code, no Node modules.
 */

/** One published key as /.well-known/jwks.json lists it (RFC 8037 OKP). */
export interface PublishedKey {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
}

export interface Jwks {
  keys: PublishedKey[];
}

export interface SignatureOutcome {
  ok: boolean;
  detail: string;
}

export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function jsonPart(part: string | undefined): unknown {
  if (!part) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(base64urlBytes(part))) as unknown;
  } catch {
    return undefined;
  }
}

/** The record a compact JWS carries, unchecked; undefined when it is not a JWS of JSON. */
export function recordPayload<T>(jws: string): T | undefined {
  const parts = jws.split(".");
  if (parts.length !== 3) return undefined;
  const payload = jsonPart(parts[1]);
  return typeof payload === "object" && payload !== null ? (payload as T) : undefined;
}

/** Whether this browser's Web Crypto can verify Ed25519 at all (Chromium 137+, Firefox 129+, Safari 17+). */
export async function ed25519Supported(): Promise<boolean> {
  try {
    // Any well-formed public key: only whether the algorithm is known matters here.
    await crypto.subtle.importKey(
      "jwk",
      { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" },
      { name: "Ed25519" },
      false,
      ["verify"],
    );
    return true;
  } catch {
    return false;
  }
}

/** Checks a compact JWS's EdDSA signature with the published key its `kid` names. */
export async function checkSignature(jws: string, jwks: Jwks): Promise<SignatureOutcome> {
  const [header, payload, signature] = jws.split(".");
  if (header === undefined || payload === undefined || signature === undefined || jws.split(".").length !== 3) {
    return { ok: false, detail: "This is not a signed record (a compact JWS has three parts separated by dots)." };
  }
  const protectedHeader = jsonPart(header) as { alg?: unknown; kid?: unknown } | undefined;
  if (protectedHeader?.alg !== "EdDSA") {
    return { ok: false, detail: `It is signed with ${String(protectedHeader?.alg)}, not EdDSA (Ed25519).` };
  }
  const key = jwks.keys.find((candidate) => candidate.kid === protectedHeader.kid);
  if (!key?.x || key.kty !== "OKP" || key.crv !== "Ed25519") {
    return { ok: false, detail: `It names key ${String(protectedHeader.kid)}, which Walkthrough has not published.` };
  }
  try {
    const publicKey = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: key.x }, { name: "Ed25519" }, false, [
      "verify",
    ]);
    const valid = await crypto.subtle.verify(
      { name: "Ed25519" },
      publicKey,
      base64urlBytes(signature),
      new TextEncoder().encode(`${header}.${payload}`),
    );
    return valid
      ? { ok: true, detail: `Signed by Walkthrough's published key ${key.kid}.` }
      : { ok: false, detail: "The signature does not match the record: the record was changed after it was signed." };
  } catch (error) {
    return { ok: false, detail: `The signature could not be checked (${(error as Error).message}).` };
  }
}
