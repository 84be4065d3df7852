import "server-only";
import { z } from "zod";
import { db } from "../db/client";
import { countCap, keysetAnswer, type KeysetPosition, keysetOrder, keysetPage, keysetWhere } from "../db/keyset";
import type { Prisma } from "../generated/prisma/client";
import { WebhookDeliveryStatus } from "../generated/prisma/enums";
import { addAllowlistEntry } from "../partners/add-allowlist-entry";
import { AllowlistEntryError } from "../partners/allowlist-entry";
import { listAllowlist } from "../partners/list-allowlist";
import { AllowlistEntryNotFoundError, removeAllowlistEntry } from "../partners/remove-allowlist-entry";
import { requirePartner } from "../partners/require-partner";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../validation/uuid";
import { type DeliveryLogEntry, findDelivery, listDeliveries } from "../webhooks/delivery-log";
import { type EventFilter, listEvents } from "../webhooks/event-log";
import { ReceiverUrlError } from "../webhooks/receiver-url";
import {
  clearReceiver,
  describeReceiver,
  expirePreviousSecret,
  NoReceiverError,
  rotateSecret,
  setReceiver,
} from "../webhooks/receivers";
import { replayDelivery, replaySince } from "../webhooks/replay";
import { sendTestEvent } from "../webhooks/send-test-event";
import { serializeWorkspace } from "../workspaces/serializers";
import { type Actor, recordAudit } from "./audit";

/*
 * A partner's integration as both consoles change it: the webhook receiver, the return_url
 * allowlist, and the workspaces it reads. The domain functions are the staff CLI's; each change
 * is audited, never with a secret.
 */

/** The domain's refusals, as the message the page shows. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReceiverUrlError || error instanceof AllowlistEntryError)
      throw new ApiError("invalid_request", { message: error.message });
    if (error instanceof NoReceiverError) throw new ApiError("no_receiver", { message: "Set a receiver URL first." });
    if (error instanceof AllowlistEntryNotFoundError)
      throw new ApiError("not_on_list", { message: "That entry is not on the list." });
    throw error;
  }
}

export const receiverView = z.object({
  url: z.string(),
  createdAt: z.iso.datetime(),
  previousExpiresAt: z.iso.datetime().optional(),
});
export type ReceiverView = z.infer<typeof receiverView>;

export async function webhookOf(partnerId: string): Promise<{ receiver: ReceiverView | undefined }> {
  const receiver = await describeReceiver(partnerId);
  return {
    receiver: receiver && {
      url: receiver.url,
      createdAt: receiver.createdAt.toISOString(),
      previousExpiresAt: receiver.previousExpiresAt?.toISOString(),
    },
  };
}

/**
 * Sets or moves the receiver; a new signing secret is answered this once (with when the old one
 * stops signing, on a move). The same URL again changes nothing and answers no secret.
 */
export async function setReceiverAs(actor: Actor, partnerId: string, url: string) {
  const set = await refusing(() => setReceiver(partnerId, url));
  if (set.secretUnchanged) return { url: set.url, secretUnchanged: true };
  await recordAudit({
    actor,
    partnerId,
    action: "webhook.set_receiver",
    objectType: "webhook_receiver",
    objectId: partnerId,
    detail: { url: set.url },
  });
  return { url: set.url, secret: set.secret, previousExpiresAt: set.previousExpiresAt?.toISOString() };
}

/** `days` as rotateBody parsed it: 0 stops the old secret now. */
export async function rotateSecretAs(actor: Actor, partnerId: string, days: number) {
  const rotated = await refusing(() =>
    days === 0 ? expirePreviousSecret(partnerId).then(() => undefined) : rotateSecret(partnerId, days),
  );
  await recordAudit({
    actor,
    partnerId,
    action: days === 0 ? "webhook.expire_previous" : "webhook.rotate",
    objectType: "webhook_receiver",
    objectId: partnerId,
    detail: { days },
  });
  return rotated === undefined
    ? { expired: true }
    : { secret: rotated.secret, previousExpiresAt: rotated.previousExpiresAt.toISOString() };
}

export async function sendTestAs(actor: Actor, partnerId: string) {
  await requirePartner(partnerId);
  const sent = await refusing(() => sendTestEvent(partnerId));
  await recordAudit({ actor, partnerId, action: "webhook.test", objectType: "webhook_event", objectId: sent.eventId });
  return sent;
}

const deliveryStatuses = Object.values(WebhookDeliveryStatus);

export const deliveryPageSize = 25;

/** One delivery of the log, with every attempt. */
export const deliveryRow = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  inspectionId: z.string().optional(),
  status: z.enum(WebhookDeliveryStatus),
  skipReason: z.string().optional(),
  replayOf: z.string().optional(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().optional(),
  finishedAt: z.iso.datetime().optional(),
  attempts: z.array(
    z.object({
      number: z.number().int(),
      at: z.iso.datetime(),
      url: z.string(),
      statusCode: z.number().int().optional(),
      latencyMs: z.number(),
      excerpt: z.string().optional(),
      error: z.string().optional(),
      headers: z.record(z.string(), z.string()).optional(),
    }),
  ),
});

export const deliveriesAnswer = z.object({ next: z.string().optional(), deliveries: z.array(deliveryRow) });
export type DeliveriesAnswer = z.infer<typeof deliveriesAnswer>;
export type DeliveryRow = z.infer<typeof deliveryRow>;

/** The log's filters as the console sends them: an unknown outcome shows every one. */
export interface DeliveryQuery {
  status?: string;
  eventType?: string;
  eventId?: string;
  from?: Date;
  to?: Date;
  before?: string;
}

const isoOf = <T extends DeliveryLogEntry>(delivery: T) => ({
  ...delivery,
  createdAt: delivery.createdAt.toISOString(),
  nextAttemptAt: delivery.nextAttemptAt?.toISOString(),
  finishedAt: delivery.finishedAt?.toISOString(),
  attempts: delivery.attempts.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
});

/** A server page of the delivery log; `next` is the `before` of the page after it. */
export async function deliveriesOf(partnerId: string, query: DeliveryQuery = {}): Promise<DeliveriesAnswer> {
  const status = deliveryStatuses.find((value) => value === query.status);
  const rows = await listDeliveries(
    partnerId,
    { status, eventType: query.eventType || undefined, eventId: query.eventId, from: query.from, to: query.to },
    { before: query.before, limit: deliveryPageSize + 1 },
  );
  const deliveries = rows.slice(0, deliveryPageSize);
  return { next: rows.length > deliveryPageSize ? deliveries.at(-1)!.id : undefined, deliveries: deliveries.map(isoOf) };
}

export const deliveryDetail = deliveryRow.extend({ body: z.string().optional() });
export type DeliveryDetail = z.infer<typeof deliveryDetail>;

/** One delivery for the side panel: its attempts, their headers as sent, and the payload. */
export async function deliveryOf(partnerId: string, deliveryId: string): Promise<DeliveryDetail> {
  await requirePartner(partnerId);
  const delivery = await findDelivery(partnerId, deliveryId);
  if (delivery === null) throw new ApiError("not_found", { message: "No such delivery." });
  return isoOf(delivery);
}

export const eventPageSize = 25;

export const eventsAnswer = z.object({
  next: z.string().optional(),
  events: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      workspace: z.object({ id: z.string(), name: z.string() }).optional(),
      inspectionId: z.string().optional(),
      createdAt: z.iso.datetime(),
      deliveries: z.number().int(),
      lastStatus: z.enum(WebhookDeliveryStatus).optional(),
    }),
  ),
});
export type EventsAnswer = z.infer<typeof eventsAnswer>;

/** A server page of the partner's events; `next` is the `before` of the page after it. */
export async function eventsOf(partnerId: string, filter: EventFilter, before?: string): Promise<EventsAnswer> {
  const rows = await listEvents(partnerId, filter, { before, limit: eventPageSize + 1 });
  const events = rows.slice(0, eventPageSize);
  return {
    next: rows.length > eventPageSize ? events.at(-1)!.id : undefined,
    events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
  };
}

/** Replays one of the partner's deliveries; another partner's id reads as unknown. */
export async function replayAs(actor: Actor, partnerId: string, deliveryId: string) {
  const delivery = isUuid(deliveryId)
    ? await db().webhookDelivery.findFirst({ where: { id: deliveryId, partnerId }, select: { id: true } })
    : null;
  if (delivery === null) throw new ApiError("not_found", { message: "No such delivery." });
  const replayed = await refusing(() => replayDelivery(deliveryId));
  await recordAudit({
    actor,
    partnerId,
    action: "webhook.replay",
    objectType: "webhook_delivery",
    objectId: deliveryId,
    detail: { new_delivery_id: replayed.deliveryId },
  });
  return replayed;
}

export async function replaySinceAs(actor: Actor, partnerId: string, since: Date) {
  const queued = await refusing(() => replaySince(partnerId, since));
  await recordAudit({
    actor,
    partnerId,
    action: "webhook.replay_since",
    objectType: "webhook_receiver",
    objectId: partnerId,
    detail: { since: since.toISOString(), queued },
  });
  return { queued };
}

export async function allowlistOf(partnerId: string) {
  await requirePartner(partnerId);
  return { entries: await listAllowlist(partnerId) };
}

export async function addAllowlistAs(actor: Actor, partnerId: string, entryText: string) {
  const added = await refusing(() => addAllowlistEntry(partnerId, entryText));
  if (added.added)
    await recordAudit({ actor, partnerId, action: "allowlist.add", objectType: "allowlist_entry", objectId: added.entry });
  return added;
}

export async function removeAllowlistAs(actor: Actor, partnerId: string, entryText: string) {
  const removed = await refusing(() => removeAllowlistEntry(partnerId, entryText));
  await recordAudit({ actor, partnerId, action: "allowlist.remove", objectType: "allowlist_entry", objectId: removed.entry });
  return removed;
}

export const workspacesPageSize = 25;

/** A workspace as the consoles list it: its states as the API reads them, and its homes count. */
export const workspaceRow = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  roster: z.string(),
  service: z.string(),
  claim: z.string(),
  properties: z.number().int(),
  /** Provisioned with a sandbox key: its walkthroughs are simulated. */
  sandbox: z.boolean(),
});

export const workspacesAnswer = z.object({
  /** Counted up to countCap + 1, as every console list counts. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  next: z.string().optional(),
  previous: z.string().optional(),
  workspaces: z.array(workspaceRow),
});
export type WorkspacesAnswer = z.infer<typeof workspacesAnswer>;
export type WorkspaceRow = z.infer<typeof workspaceRow>;

/**
 * Workspaces whose name holds `search`, or whose id (the partner's own) starts with it, ignoring
 * case: how a person finds one of thousands. Absent or blank: every workspace.
 */
function workspacesWhere(partnerId: string, search?: string): Prisma.WorkspaceWhereInput {
  const text = search?.trim();
  if (!text) return { partnerId };
  return {
    partnerId,
    OR: [{ name: { contains: text, mode: "insensitive" } }, { externalId: { startsWith: text, mode: "insensitive" } }],
  };
}

/** A page of the partner's workspaces, by name then id: the order of the (partner_id, name, id) index. */
export function workspacesPageQuery(partnerId: string, position?: KeysetPosition, search?: string) {
  const where = workspacesWhere(partnerId, search);
  return {
    where: position ? { AND: [where, keysetWhere<Prisma.WorkspaceWhereInput>("name", "asc", position, position.value)] } : where,
    orderBy: keysetOrder<Prisma.WorkspaceOrderByWithRelationInput>("name", "asc", position),
    take: workspacesPageSize + 1,
    include: { rosterFeed: { select: { health: true } }, _count: { select: { properties: true } } },
  } satisfies Prisma.WorkspaceFindManyArgs;
}

/** The partner's workspaces as its API reads them, with their properties count, a page at a time; `search` narrows them. */
export async function workspacesOf(partnerId: string, position?: KeysetPosition, search?: string): Promise<WorkspacesAnswer> {
  await requirePartner(partnerId);
  const [total, rows] = await Promise.all([
    db().workspace.count({ where: workspacesWhere(partnerId, search), take: countCap + 1 }),
    db().workspace.findMany(workspacesPageQuery(partnerId, position, search)),
  ]);
  const page = keysetPage(rows, workspacesPageSize, position, (row) => ({ value: row.name, id: row.id }));
  return {
    ...keysetAnswer(total, page),
    workspaces: page.rows.map((row) => {
      const record = serializeWorkspace(row);
      return {
        id: row.id,
        workspaceId: record.workspace_id,
        name: record.name,
        roster: record.roster.state,
        service: record.service.state,
        claim: record.claim.state,
        properties: row._count.properties,
        sandbox: row.sandbox,
      };
    }),
  };
}

/** Stops sending events: pending deliveries end skipped (`no_receiver`). The CLI's `webhook clear`. */
export async function clearReceiverAs(actor: Actor, partnerId: string) {
  const removed = await clearReceiver(partnerId);
  if (removed)
    await recordAudit({
      actor,
      partnerId,
      action: "webhook.clear_receiver",
      objectType: "webhook_receiver",
      objectId: partnerId,
    });
  return { removed };
}
