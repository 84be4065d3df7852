import "server-only";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { checkReceiverUrl } from "./receiver-url";
import { encryptWebhookSecret, newWebhookSecret } from "./secrets";

/** Staff and the partner console see this; never a secret. */
export interface ReceiverDescription {
  url: string;
  createdAt: Date;
  /** While a rotation runs: the previous secret signs too until then. */
  previousExpiresAt?: Date;
}

export class NoReceiverError extends Error {
  constructor() {
    super("This partner has no webhook receiver.");
  }
}

/** Spec, Secret rotation: the old secret keeps signing for 7 days by default. */
export const defaultRotationDays = 7;

/** What registering answers: a new secret (shown this once), or none when the URL was already the receiver's. */
export type SetReceiverResult =
  | { url: string; secretUnchanged: true }
  | {
      url: string;
      secretUnchanged: false;
      secret: string;
      /** Moved: the old secret signs too until then. */ previousExpiresAt?: Date;
    };

/**
 * Registers the partner's one receiver, or moves it. The same URL again (as `checkReceiverUrl`
 * writes it) changes nothing: the current secret stays and is not answered again (it was shown
 * once; `rotateSecret` makes a new one). A first URL gets a secret. A new URL gets a new secret,
 * and the old one keeps signing for `defaultRotationDays` (a rotation, dropping any older one), so
 * retries already in flight, now going to the new URL, still verify under either secret.
 */
export async function setReceiver(partnerId: string, urlText: string): Promise<SetReceiverResult> {
  const url = checkReceiverUrl(urlText);
  await requirePartner(partnerId);
  return db().$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ url: string; secret_encrypted: string }[]>`
      SELECT url, secret_encrypted FROM webhook_receiver WHERE partner_id = ${partnerId}::uuid FOR UPDATE`;
    if (current?.url === url) return { url, secretUnchanged: true };
    const secret = newWebhookSecret();
    const secretEncrypted = encryptWebhookSecret(secret);
    if (!current) {
      // A concurrent first registration makes this one a conflict: the caller tries again and sees it.
      await tx.webhookReceiver.create({ data: { partnerId, url, secretEncrypted } });
      return { url, secretUnchanged: false, secret };
    }
    const previousExpiresAt = new Date(Date.now() + defaultRotationDays * 86_400_000);
    await tx.webhookReceiver.update({
      where: { partnerId },
      data: { url, secretEncrypted, previousSecretEncrypted: current.secret_encrypted, previousExpiresAt, updatedAt: new Date() },
    });
    return { url, secretUnchanged: false, secret, previousExpiresAt };
  });
}

export async function describeReceiver(partnerId: string, now = new Date()): Promise<ReceiverDescription | undefined> {
  await requirePartner(partnerId);
  const receiver = await db().webhookReceiver.findUnique({ where: { partnerId } });
  if (!receiver) return undefined;
  const rotating =
    receiver.previousSecretEncrypted !== null && receiver.previousExpiresAt !== null && receiver.previousExpiresAt > now;
  return {
    url: receiver.url,
    createdAt: receiver.createdAt,
    previousExpiresAt: rotating ? receiver.previousExpiresAt! : undefined,
  };
}

/**
 * Starts a rotation (spec, Secret rotation): a new secret signs first from now on, the current one
 * signs too until `days` from now. Rotating during a rotation drops the oldest secret.
 */
export async function rotateSecret(
  partnerId: string,
  days = defaultRotationDays,
): Promise<{ secret: string; previousExpiresAt: Date }> {
  await requirePartner(partnerId);
  const secret = newWebhookSecret();
  const previousExpiresAt = new Date(Date.now() + days * 86_400_000);
  return db().$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ secret_encrypted: string }[]>`
      SELECT secret_encrypted FROM webhook_receiver WHERE partner_id = ${partnerId}::uuid FOR UPDATE`;
    if (!current) throw new NoReceiverError();
    await tx.webhookReceiver.update({
      where: { partnerId },
      data: {
        secretEncrypted: encryptWebhookSecret(secret),
        previousSecretEncrypted: current.secret_encrypted,
        previousExpiresAt,
        updatedAt: new Date(),
      },
    });
    return { secret, previousExpiresAt };
  });
}

/** Ends a rotation now (a suspected leak of the old secret): only the new secret signs. Answers whether one was running. */
export async function expirePreviousSecret(partnerId: string): Promise<boolean> {
  await requirePartner(partnerId);
  const receiver = await db().webhookReceiver.findUnique({ where: { partnerId } });
  if (!receiver) throw new NoReceiverError();
  const running =
    receiver.previousSecretEncrypted !== null && receiver.previousExpiresAt !== null && receiver.previousExpiresAt > new Date();
  await db().webhookReceiver.update({
    where: { partnerId },
    data: { previousSecretEncrypted: null, previousExpiresAt: null, updatedAt: new Date() },
  });
  return running;
}

/**
 * Removes the receiver: nothing more is sent; deliveries still pending end skipped
 * (`no_receiver`) at their next attempt. Answers whether there was one.
 */
export async function clearReceiver(partnerId: string): Promise<boolean> {
  await requirePartner(partnerId);
  const { count } = await db().webhookReceiver.deleteMany({ where: { partnerId } });
  return count > 0;
}
