import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { processSingleton } from "../process-state";
import { appSecret } from "./app-secret";

/**
 * Secrets the service must send back out later (feed secrets, webhook secrets) are stored
 * encrypted at rest: AES-256-GCM under a key derived from the app secret with HKDF, one key
 * per purpose, so a ciphertext of one purpose never decrypts as another.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, base64url. The version names the derivation
 * and cipher, so a later scheme can be introduced while old values still decrypt.
 */
const version = "v1";
const ivBytes = 12;
const tagBytes = 16;

export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`The stored secret cannot be decrypted: ${reason}.`);
    this.name = "SecretDecryptionError";
  }
}

// Derived once per secret and purpose: HKDF on every call was most of a recording link's
// repeat call (bench `recording-link`). Keyed by the secret itself, so another secret (a test's,
// a rotated one) never gets this one's keys.
const derivedKeys = () => processSingleton("encryption-keys", () => new WeakMap<Buffer, Map<string, Buffer>>());

function keyFor(purpose: string, secret: Buffer): Buffer {
  let bySecret = derivedKeys().get(secret);
  if (!bySecret) {
    bySecret = new Map();
    derivedKeys().set(secret, bySecret);
  }
  let key = bySecret.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "walkthrough-encryption", `${version}:${purpose}`, 32));
    bySecret.set(purpose, key);
  }
  return key;
}

/** Encrypts `plaintext` for `purpose`; each call uses a fresh IV, so equal secrets never look equal. */
export function encryptSecret(plaintext: string, purpose: string, secret: Buffer = appSecret()): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose, secret), iv, { authTagLength: tagBytes });
  // The purpose is authenticated too: moving a value to another purpose's column fails to decrypt.
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const encoded = [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url"));
  return [version, ...encoded].join(".");
}

/** The plaintext, or SecretDecryptionError when the value was altered, is of another purpose or key, or is malformed. */
export function decryptSecret(stored: string, purpose: string, secret: Buffer = appSecret()): string {
  const parts = stored.split(".");
  if (parts.length !== 4 || parts[0] !== version) throw new SecretDecryptionError("unknown format");
  const [iv, tag, body] = parts.slice(1).map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body || iv.length !== ivBytes || tag.length !== tagBytes) {
    throw new SecretDecryptionError("malformed value");
  }
  const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose, secret), iv, { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(purpose, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError("altered, or encrypted under another key");
  }
}
