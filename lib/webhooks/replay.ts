import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { NoReceiverError } from "./receivers";
import { webhookChannel } from "./record-event";

export class DeliveryNotFoundError extends Error {
  constructor(id: string) {
    super(`No webhook delivery ${id}.`);
  }
}

/**
 * An event whose body could not be built (lib/webhooks/build-events.ts) is built again at once,
 * with fresh tries; `ids` are the events whose build ended so. Answers the ones it took up.
 */
async function buildAgain(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE webhook_event SET build_after = now(), build_failures = 0, build_failed_at = NULL
    WHERE id = ANY(${ids as string[]}::uuid[]) AND body IS NULL AND build_failed_at IS NOT NULL
    RETURNING id`;
  return rows.map((row) => row.id);
}

/**
 * Sends a delivery's event again as a new delivery: the same `event_id` (the receiver's
 * deduplication key) and body, signed afresh, with its own six attempts and the same decision
 * before each. An event whose body could not be built is built again first; the new delivery
 * waits for the body (no due time until then) and ends `unbuildable` again if it still cannot be.
 * Answers the new delivery's id.
 */
export async function replayDelivery(deliveryId: string): Promise<{ deliveryId: string; eventId: string }> {
  const original = await db().webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!original) throw new DeliveryNotFoundError(deliveryId);
  if (!(await db().webhookReceiver.findUnique({ where: { partnerId: original.partnerId } }))) throw new NoReceiverError();
  const id = randomUUID();
  await db().$transaction(async (tx) => {
    const [event] = await tx.$queryRaw<
      { built: boolean }[]
    >`SELECT body IS NOT NULL AS built FROM webhook_event WHERE id = ${original.eventId}::uuid FOR UPDATE`;
    const unbuilt = event?.built === false;
    if (unbuilt) await buildAgain(tx, [original.eventId]);
    await tx.webhookDelivery.create({
      data: {
        id,
        eventId: original.eventId,
        partnerId: original.partnerId,
        replayOf: original.id,
        ...(unbuilt && { nextAttemptAt: null }),
      },
    });
    await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
  });
  return { deliveryId: id, eventId: original.eventId };
}

/**
 * "Replay what was missed": every event of the partner since `since` that no delivery brought
 * through (failed, skipped, unbuildable, or recorded while there was no receiver) gets a new
 * delivery; one that could not be built is built again first. Events delivered, still being
 * attempted or still waiting for their body are left alone. Answers how many were queued.
 */
export async function replaySince(partnerId: string, since: Date): Promise<number> {
  await requirePartner(partnerId);
  if (!(await db().webhookReceiver.findUnique({ where: { partnerId } }))) throw new NoReceiverError();
  return db().$transaction(async (tx) => {
    const unbuilt = await tx.$queryRaw<{ id: string }[]>`
      SELECT e.id FROM webhook_event e
      WHERE e.partner_id = ${partnerId}::uuid AND e.created_at >= ${since} AND e.build_failed_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id AND d.status = 'pending')
      FOR UPDATE OF e`;
    const rebuilt = await buildAgain(
      tx,
      unbuilt.map((row) => row.id),
    );
    const queued = await tx.$executeRaw`
      INSERT INTO webhook_delivery (id, event_id, partner_id, next_attempt_at)
      SELECT gen_random_uuid(), e.id, e.partner_id, CASE WHEN e.body IS NULL THEN NULL ELSE now() END FROM webhook_event e
      WHERE e.partner_id = ${partnerId}::uuid AND e.created_at >= ${since} AND (e.body IS NOT NULL OR e.id = ANY(${rebuilt}::uuid[]))
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id AND d.status IN ('delivered', 'pending'))`;
    await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
    return queued;
  });
}
