import "server-only";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { testEvent } from "./payloads";
import { NoReceiverError } from "./receivers";
import { recordBuiltEvents } from "./record-built-event";

/**
 * Sends a signed `webhook.test` event to the partner's receiver, delivered and logged like any
 * other (receivers ignore types they do not know). Answers the event and delivery ids.
 */
export async function sendTestEvent(partnerId: string): Promise<{ eventId: string; deliveryId: string }> {
  await requirePartner(partnerId);
  if (!(await db().webhookReceiver.findUnique({ where: { partnerId } }))) throw new NoReceiverError();
  const now = new Date();
  const [recorded] = await db().$transaction((tx) =>
    recordBuiltEvents(
      tx,
      [
        {
          partnerId,
          eventType: "webhook.test",
          body: (eventId) =>
            testEvent.parse({ version: 1, event_id: eventId, event_type: "webhook.test", sent_at: now.toISOString() }),
        },
      ],
      now,
    ),
  );
  return recorded!;
}
