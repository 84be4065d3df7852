import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import type { EventType } from "./payloads";
import { webhookChannel } from "./record-event";

export interface BuiltEvent {
  partnerId: string;
  eventType: EventType;
  workspaceId: string;
  propertyId?: string;
  /** The body without `event_id`, which is made here; already checked by its schema's `parse`. */
  body: (eventId: string) => { event_type: string };
}

/**
 * Records events whose bodies are complete when the change happens (the reservations track's),
 * with one delivery each, in the change's transaction; the dispatcher hears of them at commit.
 */
export async function recordBuiltEvents(tx: Tx, events: BuiltEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  for (const event of events) {
    const eventId = randomUUID();
    const body = JSON.stringify(event.body(eventId));
    await tx.webhookEvent.create({
      data: { id: eventId, partnerId: event.partnerId, eventType: event.eventType, workspaceId: event.workspaceId, propertyId: event.propertyId ?? null, body, builtAt: now, buildAfter: null },
    });
    await tx.webhookDelivery.create({ data: { eventId, partnerId: event.partnerId } });
  }
  await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
}
