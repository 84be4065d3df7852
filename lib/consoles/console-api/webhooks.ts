import "server-only";
import { z } from "zod";
import { defineRoute, ok } from "../../http/operation";
import {
  clearReceiverAs,
  deliveriesOf,
  deliveryOf,
  eventsOf,
  replayAs,
  replaySinceAs,
  rotateSecretAs,
  sendTestAs,
  setReceiverAs,
  webhookOf,
} from "../integration-operations";
import { receiverBody, replaySinceBody, rotateBody } from "../schemas";
import { jsonObject, partnerPath } from "./inputs";

/* A partner's webhook receiver in the consoles (its users, and staff). */

const base = "/api/console/partners/{partnerId}/webhook";

export const readWebhook = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: base,
  params: partnerPath,
  handler: async ({ params }) => ok(await webhookOf(params.partnerId)),
});

export const setWebhookReceiver = defineRoute({
  auth: "partnerUser",
  method: "PUT",
  path: base,
  params: partnerPath,
  body: receiverBody,
  handler: async ({ caller, params, body }) => ok(await setReceiverAs(caller.actor, params.partnerId, body.url)),
});

export const clearWebhookReceiver = defineRoute({
  auth: "partnerUser",
  method: "DELETE",
  path: base,
  params: partnerPath,
  handler: async ({ caller, params }) => ok(await clearReceiverAs(caller.actor, params.partnerId)),
});

export const listDeliveries = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/deliveries`,
  params: partnerPath,
  query: z.object({
    status: z.string().optional(),
    event_type: z.string().max(100).optional(),
    event_id: z.uuid({ error: "event_id is not an event's id" }).optional(),
    from: z.iso.datetime({ error: "from is not a date and time" }).optional(),
    to: z.iso.datetime({ error: "to is not a date and time" }).optional(),
    before: z.string().optional(),
  }),
  handler: async ({ params, query }) =>
    ok(
      await deliveriesOf(params.partnerId, {
        status: query.status,
        eventType: query.event_type,
        eventId: query.event_id,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        before: query.before,
      }),
    ),
});

/** One delivery with its payload and each attempt's headers and answer, for the side panel. */
export const readDelivery = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/deliveries/{deliveryId}`,
  params: partnerPath.extend({ deliveryId: z.string() }),
  handler: async ({ params }) => ok(await deliveryOf(params.partnerId, params.deliveryId)),
});

export const replayDelivery = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/deliveries/{deliveryId}/replay`,
  params: partnerPath.extend({ deliveryId: z.string() }),
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await replayAs(caller.actor, params.partnerId, params.deliveryId)),
});

/** Replays everything since a time that no delivery brought through. */
export const replaySince = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/replay`,
  params: partnerPath,
  body: replaySinceBody,
  handler: async ({ caller, params, body }) => ok(await replaySinceAs(caller.actor, params.partnerId, body.since)),
});

export const rotateWebhookSecret = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/rotate`,
  params: partnerPath,
  body: rotateBody,
  handler: async ({ caller, params, body }) => ok(await rotateSecretAs(caller.actor, params.partnerId, body.days)),
});

export const sendWebhookTest = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/test`,
  params: partnerPath,
  body: jsonObject,
  handler: async ({ caller, params }) => ok(await sendTestAs(caller.actor, params.partnerId)),
});

/** The partner's events, filtered by type, workspace and days; each links to its deliveries. */
export const listPartnerEvents = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: "/api/console/partners/{partnerId}/events",
  params: partnerPath,
  query: z.object({
    event_type: z.string().max(100).optional(),
    workspace_id: z.uuid({ error: "workspace_id is not a workspace's id" }).optional(),
    from: z.iso.datetime({ error: "from is not a date and time" }).optional(),
    to: z.iso.datetime({ error: "to is not a date and time" }).optional(),
    before: z.string().optional(),
  }),
  handler: async ({ params, query }) =>
    ok(
      await eventsOf(
        params.partnerId,
        {
          eventType: query.event_type || undefined,
          workspaceId: query.workspace_id,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        query.before,
      ),
    ),
});
