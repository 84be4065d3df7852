import type { ZodOpenApiPathsObject } from "zod-openapi";
import { eventSchemas, type EventType } from "../webhooks/payloads";

const titles: Record<EventType, string> = {
  "inspection.recording_completed": "The walkthrough was recorded: checklist results",
  "inspection.completed": "The report is ready",
  "inspection.failed": "The report could not be produced",
  "reservation.created": "A new stay at a home (reservations track)",
  "reservation.updated": "A stay changed or was cancelled (reservations track)",
  "workspace.roster_applied": "A roster import was applied (reservations track)",
  "workspace.claimed": "The customer's owner signed in (reservations track)",
  "webhook.test": "A test of the receiver",
};

const summaries: Record<EventType, string> = {
  "inspection.recording_completed":
    "The cleaner finished the walkthrough: each checklist item's result. Seconds after the seal; it waits up to 2 minutes for every result. Once per walkthrough; never for a home switched off.",
  "inspection.completed":
    "The report is ready, hours after the walk. Once for every finished inspection, including one where nothing was found. " +
    "Not sent for a report released more than 2 days after the seal (the spec's 2-day rule); the status read then says `completed`.",
  "inspection.failed":
    "The report could not be produced: instead of `inspection.completed`. Without a checklist (the status read still has it). " +
    "`delivery.sent` is always false (there is no report); `delivery.reason` is what a release would have decided from what was found. " +
    "Never sent because a report is slow: a late report is released `completed`.",
  "reservation.created":
    "A calendar poll found a new stay. Sent only to partners on the reservations track whose key holds `read:reservations`. A stay at a home switched off goes as the stub.",
  "reservation.updated":
    "A calendar poll found a stay's dates or status changed, or the stay gone from the calendar (`changes.status` `confirmed` -> `cancelled`). Order by `reservation.revision`.",
  "workspace.roster_applied":
    "A roster import (pushed or pulled) was applied: `import_id` and the Workspace record as read just after. Sent only to partners on the reservations track whose key holds `read:workspaces`.",
  "workspace.claimed": "The customer's owner signed in and `claim.state` is `claimed`: the Workspace record as read just after. Reservations track, `read:workspaces`.",
  "webhook.test": "Sent only when a test is asked for. Like any event type you do not know, answer it 2xx and ignore it.",
};

const signatureHeaders = {
  "webhook-id": { description: "The body's `event_id`: identical on every retry and replay. Deduplicate on it.", schema: { type: "string" as const } },
  "webhook-timestamp": { description: "Unix seconds when this attempt was signed. Reject one more than 300 seconds from now.", schema: { type: "string" as const } },
  "webhook-signature": {
    description: "Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}`, one per secret (two during a rotation, the new one first).",
    schema: { type: "string" as const },
  },
  "X-Service-Signature": {
    description: "Deprecated: `t=<unix seconds>,v1=<hex HMAC-SHA256 of {t}.{raw body}>`, one `v1=` per secret, the same key and timestamp.",
    schema: { type: "string" as const },
    deprecated: true,
  },
};

/** The OpenAPI `webhooks` section: what the service POSTs to the receiver, from the schemas that build the bodies. */
export function webhooks(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    (Object.keys(eventSchemas) as EventType[]).map((type) => [
      type,
      {
        post: {
          summary: titles[type],
          description: summaries[type],
          // Every header, the deprecated one too, is sent on every delivery.
          parameters: Object.entries(signatureHeaders).map(([name, header]) => ({ name, in: "header" as const, required: true, ...header })),
          requestBody: { required: true, content: { "application/json": { schema: eventSchemas[type] } } },
          responses: {
            "200": { description: "Any 2xx within 10 seconds ends the delivery. Anything else, a timeout or a redirect is retried: after 1 m, 5 m, 30 m, 2 h and 12 h." },
          },
        },
      },
    ]),
  );
}
