import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { testEvent } from "./payloads";
import { NoReceiverError } from "./receivers";
import { webhookChannel } from "./record-event";

/**
 * Sends a signed `webhook.test` event to the partner's receiver, delivered and logged like any
 * other (receivers ignore types they do not know). Answers the event and delivery ids.
 */
export async function sendTestEvent(partnerId: string): Promise<{ eventId: string; deliveryId: string }> {
  await requirePartner(partnerId);
  if (!(await db().webhookReceiver.findUnique({ where: { partnerId } }))) throw new NoReceiverError();
  const eventId = randomUUID();
  const deliveryId = randomUUID();
  const body = JSON.stringify(testEvent.parse({ version: 1, event_id: eventId, event_type: "webhook.test", sent_at: new Date().toISOString() }));
  await db().$transaction(async (tx) => {
    await tx.webhookEvent.create({ data: { id: eventId, partnerId, eventType: "webhook.test", body, builtAt: new Date(), buildAfter: null } });
    await tx.webhookDelivery.create({ data: { id: deliveryId, eventId, partnerId } });
    await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
  });
  return { eventId, deliveryId };
}
