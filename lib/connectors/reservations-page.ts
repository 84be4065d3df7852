import "server-only";
import { db } from "../db/client";
import type { ReservationStatus } from "../generated/prisma/enums";
import { decodeCursor, encodeCursor } from "../http/cursor";
import { calendarDay, serializeReservation } from "./reservation-record";

export interface ReservationPageQuery {
  propertyId?: string;
  status?: ReservationStatus;
  limit: number;
  cursor?: string;
}

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
      ...(afterDay && afterId
        ? { OR: [{ checkIn: { gt: new Date(afterDay) } }, { checkIn: new Date(afterDay), id: { gt: afterId } }] }
        : {}),
    },
    orderBy: [{ checkIn: "asc" }, { id: "asc" }],
    take: query.limit + 1,
    include: { property: { select: { externalId: true } } },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    reservations: page.map((row) => serializeReservation(row, workspace.externalId, row.property.externalId)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(scope, `${calendarDay(last.checkIn)}|${last.id}`) : undefined,
  };
}
