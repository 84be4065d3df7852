import "server-only";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { describeReceiver } from "../webhooks/receivers";

/** Delivered out of finished (delivered or failed) deliveries since a time; none finished reads as no rate. */
export interface SuccessRate {
  delivered: number;
  failed: number;
  /** 0..1, absent when nothing finished. */
  rate?: number;
}

export interface IntegrationHealth {
  keys: { keyId: string; hint: string; name: string; createdAt: string; lastUsedAt?: string }[];
  receiver?: { url: string; previousExpiresAt?: string };
  success: { day: SuccessRate; week: SuccessRate };
  lastDelivery?: { deliveryId: string; eventType: string; status: string; at: string; statusCode?: number };
  /** Deliveries that ended failed in the last 30 days and whose event no later delivery brought through. */
  openFailures: number;
  workspaces: { total: number; inService: number };
}

async function successSince(partnerId: string, since: Date): Promise<SuccessRate> {
  const rows = await db().webhookDelivery.groupBy({
    by: ["status"],
    where: { partnerId, createdAt: { gte: since }, status: { in: ["delivered", "failed"] } },
    _count: { _all: true },
  });
  const delivered = rows.find((row) => row.status === "delivered")?._count._all ?? 0;
  const failed = rows.find((row) => row.status === "failed")?._count._all ?? 0;
  return { delivered, failed, rate: delivered + failed > 0 ? delivered / (delivered + failed) : undefined };
}

/** The console's overview: what an engineer checks first, in a handful of small reads. */
export async function integrationHealthOf(partnerId: string, now = new Date()): Promise<IntegrationHealth> {
  await requirePartner(partnerId);
  const day = new Date(now.getTime() - 86_400_000);
  const week = new Date(now.getTime() - 7 * 86_400_000);
  const month = new Date(now.getTime() - 30 * 86_400_000);
  const [keys, receiver, daily, weekly, last, failedEvents, workspaces] = await Promise.all([
    db().apiKey.findMany({ where: { partnerId, status: "active" }, orderBy: { createdAt: "asc" } }),
    describeReceiver(partnerId),
    successSince(partnerId, day),
    successSince(partnerId, week),
    db().webhookDelivery.findFirst({
      where: { partnerId, attemptsMade: { gt: 0 } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: { event: { select: { eventType: true } }, attempts: { orderBy: { number: "desc" }, take: 1 } },
    }),
    db().webhookDelivery.findMany({
      where: { partnerId, status: "failed", createdAt: { gte: month } },
      select: { eventId: true, createdAt: true },
    }),
    db().workspace.groupBy({ by: ["serviceState"], where: { partnerId }, _count: { _all: true } }),
  ]);
  const laterDelivered = new Set(
    (
      await db().webhookDelivery.findMany({
        where: { partnerId, status: "delivered", eventId: { in: failedEvents.map((failed) => failed.eventId) } },
        select: { eventId: true },
      })
    ).map((row) => row.eventId),
  );
  const attempt = last?.attempts[0];
  return {
    keys: keys.map((key) => ({
      keyId: key.id,
      hint: key.hint,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString(),
    })),
    receiver: receiver && { url: receiver.url, previousExpiresAt: receiver.previousExpiresAt?.toISOString() },
    success: { day: daily, week: weekly },
    lastDelivery:
      last && attempt
        ? {
            deliveryId: last.id,
            eventType: last.event.eventType,
            status: last.status,
            at: attempt.startedAt.toISOString(),
            statusCode: attempt.statusCode ?? undefined,
          }
        : undefined,
    openFailures: new Set(failedEvents.map((failed) => failed.eventId).filter((id) => !laterDelivered.has(id))).size,
    workspaces: {
      total: workspaces.reduce((sum, row) => sum + row._count._all, 0),
      inService: workspaces.find((row) => row.serviceState === "enabled")?._count._all ?? 0,
    },
  };
}
