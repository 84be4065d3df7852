import "server-only";
import { isIP } from "node:net";
import { config } from "../config";
import { isPublicAddress } from "../fetch/address-policy";

/** A receiver URL that cannot be registered; the message says why and never echoes the URL. */
export class ReceiverUrlError extends Error {}

export const receiverUrlMaxLength = 2048;

/**
 * Whether receivers may be plain `http` or on loopback and private addresses
 * (`WEBHOOKS_ALLOW_PRIVATE_RECEIVERS`, on by default only when APP_URL is a loopback origin).
 */
export function privateReceiversAllowed(): boolean {
  return config().WEBHOOKS_ALLOW_PRIVATE_RECEIVERS;
}

/**
 * Checks a receiver URL as it is registered: `https` (or `http` where private receivers are
 * allowed), a host, no credentials or fragment, at most 2,048 characters; an IP literal must be
 * public unless private receivers are allowed. A host name is checked on every attempt instead,
 * on the addresses it resolves to then (lib/webhooks/send-attempt.ts).
 */
export function checkReceiverUrl(text: string, allowPrivate = privateReceiversAllowed()): string {
  if (text.length > receiverUrlMaxLength) throw new ReceiverUrlError(`longer than ${receiverUrlMaxLength} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ReceiverUrlError("not a URL");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new ReceiverUrlError(allowPrivate ? "scheme is not https or http" : "scheme is not https");
  }
  if (url.username !== "" || url.password !== "") throw new ReceiverUrlError("credentials in the URL");
  if (url.hash !== "") throw new ReceiverUrlError("a fragment (#...) is never sent");
  if (url.hostname === "") throw new ReceiverUrlError("no host");
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (isIP(literal) ? !isPublicAddress(literal) : /^(localhost|.+\.localhost)\.?$/i.test(literal))) {
    throw new ReceiverUrlError("not a public address");
  }
  return url.href;
}
