import "server-only";
import { createHmac } from "node:crypto";

/** The signature headers of one attempt (spec, Signature), besides content-type and user-agent. */
export interface SignatureHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
  "x-service-signature": string;
}

/**
 * Signs one attempt afresh: `webhook-signature` carries `v1,<base64 HMAC-SHA256>` of
 * `{id}.{timestamp}.{body}` per key, the current one first; the deprecated `X-Service-Signature`
 * carries `t=<timestamp>` and one `v1=<hex HMAC-SHA256>` of `{timestamp}.{body}` per key, under
 * the same keys and timestamp. `keys` are HMAC keys (lib/webhooks/secrets.ts `hmacKey`).
 */
export function signAttempt(input: {
  eventId: string;
  body: string;
  keys: readonly Buffer[];
  timestamp: number;
}): SignatureHeaders {
  const { eventId, body, keys, timestamp } = input;
  const standard = keys.map(
    (key) => `v1,${createHmac("sha256", key).update(`${eventId}.${timestamp}.${body}`).digest("base64")}`,
  );
  const legacy = keys.map((key) => `v1=${createHmac("sha256", key).update(`${timestamp}.${body}`).digest("hex")}`);
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standard.join(" "),
    "x-service-signature": [`t=${timestamp}`, ...legacy].join(","),
  };
}
