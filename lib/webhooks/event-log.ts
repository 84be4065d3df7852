import "server-only";
import { db } from "../db/client";
import { olderThan } from "../db/keyset";
import type { Prisma } from "../generated/prisma/client";
import type { WebhookDeliveryStatus } from "../generated/prisma/enums";
import { requirePartner } from "../partners/require-partner";
import { isUuid } from "../validation/uuid";

export interface EventLogEntry {
  id: string;
  eventType: string;
  workspace?: { id: string; name: string };
  inspectionId?: string;
  createdAt: Date;
  deliveries: number;
  /** The newest delivery's outcome, absent when none was made (no receiver then). */
  lastStatus?: WebhookDeliveryStatus;
}

export interface EventFilter {
  eventType?: string;
  workspaceId?: string;
  from?: Date;
  to?: Date;
}

/**
 * The partner's events, newest first, with how many deliveries each had and how the newest
 * ended. `before` is the id of the last event shown, as in the delivery log.
 */
export async function listEvents(
  partnerId: string,
  filter: EventFilter = {},
  page: { before?: string; limit?: number } = {},
): Promise<EventLogEntry[]> {
  await requirePartner(partnerId);
  if (filter.workspaceId !== undefined && !isUuid(filter.workspaceId)) return [];
  const cursor =
    page.before && isUuid(page.before)
      ? await db().webhookEvent.findFirst({ where: { id: page.before, partnerId }, select: { createdAt: true, id: true } })
      : null;
  const rows = await db().webhookEvent.findMany({
    where: {
      partnerId,
      eventType: filter.eventType,
      workspaceId: filter.workspaceId,
      AND: [
        filter.from || filter.to ? { createdAt: { gte: filter.from, lt: filter.to } } : {},
        cursor ? olderThan<Prisma.WebhookEventWhereInput>("createdAt", cursor.createdAt, cursor.id) : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit ?? 50,
    select: {
      id: true,
      eventType: true,
      workspaceId: true,
      inspectionId: true,
      createdAt: true,
      _count: { select: { deliveries: true } },
      deliveries: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { status: true } },
    },
  });
  const workspaceIds = [...new Set(rows.flatMap((row) => (row.workspaceId ? [row.workspaceId] : [])))];
  const workspaces = new Map(
    (await db().workspace.findMany({ where: { id: { in: workspaceIds }, partnerId }, select: { id: true, name: true } })).map(
      (workspace) => [workspace.id, workspace],
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    eventType: row.eventType,
    workspace: row.workspaceId ? workspaces.get(row.workspaceId) : undefined,
    inspectionId: row.inspectionId ?? undefined,
    createdAt: row.createdAt,
    deliveries: row._count.deliveries,
    lastStatus: row.deliveries[0]?.status,
  }));
}
