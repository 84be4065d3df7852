import "server-only";
import { randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret } from "../secrets/encryption";

const purpose = "webhook-secret";

/** Spec, Events: `whsec_` followed by base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The HMAC key of a secret (spec, Signature): the base64 decoding of what follows `whsec_`; a
 * secret without the prefix is the raw key (its UTF-8 bytes).
 */
export function hmacKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret, "utf8");
}

export const encryptWebhookSecret = (secret: string) => encryptSecret(secret, purpose);
export const decryptWebhookSecret = (stored: string) => decryptSecret(stored, purpose);
