import { db } from "../db/client";
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

const shown = 100;

/** The partner's deliveries, newest first (at most 100), each with every attempt: for staff and the partner console. */
export async function listDeliveries(partnerId: string, filter: { eventId?: string; status?: WebhookDeliveryStatus } = {}): Promise<DeliveryLogEntry[]> {
  await requirePartner(partnerId);
  const rows = await db().webhookDelivery.findMany({
    where: { partnerId, eventId: filter.eventId, status: filter.status },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: shown,
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
