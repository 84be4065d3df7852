import { db } from "../db/client";
import type { ReservationStatus } from "../generated/prisma/enums";
import { decodeCursor, encodeCursor } from "../http/cursor";

export interface ReservationPageQuery {
  propertyId?: string;
  status?: ReservationStatus;
  limit: number;
  cursor?: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A workspace's stays by check-in (then id), a keyset page at a time: stays added mid-walk
 * land where they belong without shifting a page already read. The cursor is bound to the filter.
 */
export async function readReservationPage(workspace: { id: string; externalId: string }, query: ReservationPageQuery) {
  const scope = `reservations:${workspace.id}:${query.propertyId ?? ""}:${query.status ?? ""}`;
  const after = query.cursor ? decodeCursor(scope, query.cursor) : undefined;
  const [afterDay, afterId] = after ? after.split("|") : [];
  const rows = await db().reservation.findMany({
    where: {
      workspaceId: workspace.id,
      ...(query.propertyId ? { propertyId: query.propertyId } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(afterDay && afterId ? { OR: [{ checkIn: { gt: new Date(afterDay) } }, { checkIn: new Date(afterDay), id: { gt: afterId } }] } : {}),
    },
    orderBy: [{ checkIn: "asc" }, { id: "asc" }],
    take: query.limit + 1,
    include: { property: { select: { externalId: true } } },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    reservations: page.map((row) => ({
      reservation_id: row.id,
      workspace_id: workspace.externalId,
      property_id: row.property.externalId,
      status: row.status,
      revision: row.revision,
      version: 1 as const,
      check_in: isoDay(row.checkIn),
      check_out: isoDay(row.checkOut),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(scope, `${isoDay(last.checkIn)}|${last.id}`) : undefined,
  };
}
