import "server-only";
import { db } from "../db/client";
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
  attempts: { number: number; at: Date; url: string; statusCode?: number; latencyMs: number; excerpt?: string; error?: string }[];
}

/**
 * The partner's deliveries, newest first, each with every attempt: for staff and the partner
 * console. `before` is the id of the last delivery already shown, so pages hold still while
 * new deliveries arrive; one the partner does not own starts from the newest.
 */
export async function listDeliveries(
  partnerId: string,
  filter: { eventId?: string; status?: WebhookDeliveryStatus } = {},
  page: { before?: string; limit?: number } = {},
): Promise<DeliveryLogEntry[]> {
  await requirePartner(partnerId);
  const cursor =
    page.before && isUuid(page.before)
      ? await db().webhookDelivery.findFirst({ where: { id: page.before, partnerId }, select: { createdAt: true, id: true } })
      : null;
  const rows = await db().webhookDelivery.findMany({
    where: {
      partnerId,
      eventId: filter.eventId,
      status: filter.status,
      ...(cursor
        ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit ?? 100,
    include: { event: { select: { eventType: true, inspectionId: true } }, attempts: { orderBy: { number: "asc" } } },
  });
  return rows.map((row) => ({
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
    })),
  }));
}

/** Spec: the log keeps every attempt at least 30 days; finished deliveries older than that go. */
export const deliveryLogDays = 30;

export async function pruneDeliveryLog(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deliveryLogDays * 86_400_000);
  const { count } = await db().webhookDelivery.deleteMany({ where: { status: { not: "pending" }, finishedAt: { lt: before } } });
  return count;
}
