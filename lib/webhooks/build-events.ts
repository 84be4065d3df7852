import { db } from "../db/client";
import { log } from "../log";
import { buildInspectionEventBody } from "./build-event-body";
import type { InspectionEventType } from "./payloads";

// Due: its time came, or (recording_completed) no result is pending any more, so it need not wait.
const dueSql = `
  SELECT e.id, e.event_type, e.inspection_id, e.partner_id
  FROM webhook_event e
  WHERE e.build_after IS NOT NULL
    AND (e.build_after <= now()
      OR (e.event_type = 'inspection.recording_completed'
        AND NOT EXISTS (SELECT 1 FROM inspection_item i WHERE i.inspection_id = e.inspection_id AND i.state = 'pending')))
  ORDER BY e.build_after
  LIMIT $1
  FOR UPDATE SKIP LOCKED`;

/**
 * Builds the bodies of due events and queues a delivery of each to the partner's receiver, if it
 * has one (an event without one stays in the log, and `webhook replay --since` can send it once
 * a receiver is set). Row locks keep two workers from building one event. Answers how many.
 */
export async function buildDueEvents(limit = 50): Promise<number> {
  return db().$transaction(
    async (tx) => {
      const due = await tx.$queryRawUnsafe<{ id: string; event_type: InspectionEventType; inspection_id: string; partner_id: string }[]>(dueSql, limit);
      for (const event of due) {
        try {
          const body = await buildInspectionEventBody({ id: event.id, eventType: event.event_type, inspectionId: event.inspection_id });
          await tx.webhookEvent.update({ where: { id: event.id }, data: { body, builtAt: new Date(), buildAfter: null } });
          await tx.$executeRaw`
            INSERT INTO webhook_delivery (id, event_id, partner_id)
            SELECT gen_random_uuid(), ${event.id}::uuid, partner_id FROM webhook_receiver WHERE partner_id = ${event.partner_id}::uuid`;
        } catch (error) {
          // A bug, not a receiver's trouble: try again in a minute rather than spin.
          log().error({ err: error, eventId: event.id }, "could not build a webhook event");
          await tx.webhookEvent.update({ where: { id: event.id }, data: { buildAfter: new Date(Date.now() + 60_000) } });
        }
      }
      return due.length;
    },
    { timeout: 60_000 },
  );
}
