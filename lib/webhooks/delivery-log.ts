import "server-only";
import { db } from "../db/client";
import { olderThan } from "../db/keyset";
import type { Prisma } from "../generated/prisma/client";
import { isUuid } from "../validation/uuid";
import { requirePartner } from "../partners/require-partner";
import type { WebhookDeliveryStatus } from "../generated/prisma/enums";

export interface DeliveryLogEntry {
  id: string;
  eventId: string;
  eventType: string;
  inspectionId?: string;
  status: WebhookDeliveryStatus;
  skipReason?: string;
  replayOf?: string;
  createdAt: Date;
  nextAttemptAt?: Date;
  finishedAt?: Date;
  attempts: {
    number: number;
    at: Date;
    url: string;
    statusCode?: number;
    latencyMs: number;
    excerpt?: string;
    error?: string;
    /** As sent; absent for attempts made before they were kept. */
    headers?: Record<string, string>;
  }[];
}

export interface DeliveryFilter {
  eventId?: string;
  eventType?: string;
  status?: WebhookDeliveryStatus;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
}

const headersOf = (value: unknown): Record<string, string> | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
    : undefined;

type DeliveryRowWithAttempts = Awaited<ReturnType<typeof findDeliveries>>[number];

const findDeliveries = (args: { where: object; take?: number }) =>
  db().webhookDelivery.findMany({
    ...args,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { event: { select: { eventType: true, inspectionId: true } }, attempts: { orderBy: { number: "asc" } } },
  });

function entryOf(row: DeliveryRowWithAttempts): DeliveryLogEntry {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.event.eventType,
    inspectionId: row.event.inspectionId ?? undefined,
    status: row.status,
    skipReason: row.skipReason ?? undefined,
    replayOf: row.replayOf ?? undefined,
    createdAt: row.createdAt,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt ?? undefined) : undefined,
    finishedAt: row.finishedAt ?? undefined,
    attempts: row.attempts.map((attempt) => ({
      number: attempt.number,
      at: attempt.startedAt,
      url: attempt.url,
      statusCode: attempt.statusCode ?? undefined,
      latencyMs: attempt.latencyMs,
      excerpt: attempt.responseExcerpt ?? undefined,
      error: attempt.error ?? undefined,
      headers: headersOf(attempt.requestHeaders),
    })),
  };
}

/**
 * The partner's deliveries, newest first, each with every attempt: for staff and the partner
 * console. `before` is the id of the last delivery already shown, so pages hold still while
 * new deliveries arrive; one the partner does not own starts from the newest.
 */
export async function listDeliveries(
  partnerId: string,
  filter: DeliveryFilter = {},
  page: { before?: string; limit?: number } = {},
): Promise<DeliveryLogEntry[]> {
  await requirePartner(partnerId);
  const cursor =
    page.before && isUuid(page.before)
      ? await db().webhookDelivery.findFirst({ where: { id: page.before, partnerId }, select: { createdAt: true, id: true } })
      : null;
  const rows = await findDeliveries({
    where: {
      partnerId,
      eventId: filter.eventId,
      status: filter.status,
      ...(filter.eventType ? { event: { eventType: filter.eventType } } : {}),
      AND: [
        filter.from || filter.to ? { createdAt: { gte: filter.from, lt: filter.to } } : {},
        cursor ? olderThan<Prisma.WebhookDeliveryWhereInput>("createdAt", cursor.createdAt, cursor.id) : {},
      ],
    },
    take: page.limit ?? 100,
  });
  return rows.map(entryOf);
}

/** One of the partner's deliveries with the event's body as sent; another partner's reads as none. */
export async function findDelivery(
  partnerId: string,
  deliveryId: string,
): Promise<(DeliveryLogEntry & { body?: string }) | null> {
  if (!isUuid(deliveryId)) return null;
  const [row] = await findDeliveries({ where: { id: deliveryId, partnerId } });
  if (!row) return null;
  const event = await db().webhookEvent.findUnique({ where: { id: row.eventId }, select: { body: true } });
  return { ...entryOf(row), body: event?.body ?? undefined };
}

/** Spec: the log keeps every attempt at least 30 days; finished deliveries older than that go. */
export const deliveryLogDays = 30;

export async function pruneDeliveryLog(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deliveryLogDays * 86_400_000);
  const { count } = await db().webhookDelivery.deleteMany({ where: { status: { not: "pending" }, finishedAt: { lt: before } } });
  return count;
}
