import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import type { EventType } from "./payloads";
import { webhookChannel } from "./record-event";

export interface BuiltEvent {
  partnerId: string;
  eventType: EventType;
  /** The workspace the event is about; none for `webhook.test`. */
  workspaceId?: string;
  propertyId?: string;
  /** The body without `event_id`, which is made here; already checked by its schema's `parse`. */
  body: (eventId: string) => { event_type: string };
}

/**
 * Records events whose bodies are complete when the change happens (the reservations track's,
 * a test event), with one delivery each, in the change's transaction; the dispatcher hears of
 * them at commit. Answers each event's and delivery's id, in order.
 */
export async function recordBuiltEvents(
  tx: Tx,
  events: BuiltEvent[],
  now: Date,
): Promise<{ eventId: string; deliveryId: string }[]> {
  const recorded: { eventId: string; deliveryId: string }[] = [];
  for (const event of events) {
    const eventId = randomUUID();
    const body = JSON.stringify(event.body(eventId));
    await tx.webhookEvent.create({
      data: {
        id: eventId,
        partnerId: event.partnerId,
        eventType: event.eventType,
        workspaceId: event.workspaceId ?? null,
        propertyId: event.propertyId ?? null,
        body,
        builtAt: now,
        buildAfter: null,
      },
    });
    const delivery = await tx.webhookDelivery.create({ data: { eventId, partnerId: event.partnerId }, select: { id: true } });
    recorded.push({ eventId, deliveryId: delivery.id });
  }
  if (recorded.length > 0) await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
  return recorded;
}
