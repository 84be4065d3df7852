import "server-only";
import { z } from "zod";
import { defineRoute, ok } from "../../http/operation";
import {
  clearReceiverAs,
  deliveriesOf,
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
  query: z.object({ status: z.string().optional(), before: z.string().optional() }),
  handler: async ({ params, query }) => ok(await deliveriesOf(params.partnerId, query.status ?? null, query.before ?? null)),
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
