import "server-only";
import { decryptSecret, encryptSecret } from "../secrets/encryption";

// The HKDF label of feed secrets: a webhook secret's ciphertext never decrypts as one.
const purpose = "roster-feed-secret";
const maxLength = 1024;

export class FeedSecretError extends Error {}

/**
 * A feed secret travels as `Authorization: Bearer <secret>`, so it must be a valid header
 * value: visible ASCII without spaces (a token), bounded.
 */
export function checkFeedSecret(secret: string): string {
  if (secret.length === 0 || secret.length > maxLength) {
    throw new FeedSecretError(`The secret must be 1 to ${maxLength} characters.`);
  }
  if (!/^[\x21-\x7e]+$/.test(secret)) {
    throw new FeedSecretError("The secret must be visible ASCII characters without spaces (it is sent as a bearer token).");
  }
  return secret;
}

export function encryptFeedSecret(secret: string): string {
  return encryptSecret(checkFeedSecret(secret), purpose);
}

export function decryptFeedSecret(stored: string): string {
  return decryptSecret(stored, purpose);
}
