import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { NoReceiverError } from "./receivers";
import { webhookChannel } from "./record-event";

export class DeliveryNotFoundError extends Error {
  constructor(id: string) {
    super(`No webhook delivery ${id}.`);
  }
}

/**
 * Sends a delivery's event again as a new delivery: the same `event_id` (the receiver's
 * deduplication key) and body, signed afresh, with its own six attempts and the same decision
 * before each. Answers the new delivery's id.
 */
export async function replayDelivery(deliveryId: string): Promise<{ deliveryId: string; eventId: string }> {
  const original = await db().webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!original) throw new DeliveryNotFoundError(deliveryId);
  if (!(await db().webhookReceiver.findUnique({ where: { partnerId: original.partnerId } }))) throw new NoReceiverError();
  const id = randomUUID();
  await db().$transaction(async (tx) => {
    await tx.webhookDelivery.create({ data: { id, eventId: original.eventId, partnerId: original.partnerId, replayOf: original.id } });
    await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
  });
  return { deliveryId: id, eventId: original.eventId };
}

/**
 * "Replay what was missed": every event of the partner since `since` that no delivery brought
 * through (failed, skipped, or recorded while there was no receiver) gets a new delivery. Events
 * delivered, or still being attempted, are left alone. Answers how many were queued.
 */
export async function replaySince(partnerId: string, since: Date): Promise<number> {
  await requirePartner(partnerId);
  if (!(await db().webhookReceiver.findUnique({ where: { partnerId } }))) throw new NoReceiverError();
  return db().$transaction(async (tx) => {
    const queued = await tx.$executeRaw`
      INSERT INTO webhook_delivery (id, event_id, partner_id)
      SELECT gen_random_uuid(), e.id, e.partner_id FROM webhook_event e
      WHERE e.partner_id = ${partnerId}::uuid AND e.created_at >= ${since} AND e.body IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id AND d.status IN ('delivered', 'pending'))`;
    await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
    return queued;
  });
}
