import "server-only";
import type { Tx } from "../db/client";

export interface Stay {
  reservation_id: string;
  check_in: string;
  check_out: string;
}

/** The stay that ended before a walkthrough and the next one after it; either omitted when none is known. */
export interface StayBounds {
  previous?: Stay;
  next?: Stay;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const stay = (row: { id: string; checkIn: Date; checkOut: Date }): Stay => ({
  reservation_id: row.id,
  check_in: day(row.checkIn),
  check_out: day(row.checkOut),
});

/**
 * The stays around `at`, for a home whose stays are known (it has a reservation calendar);
 * undefined otherwise. Calendars give days, not hours: a stay checking out on the walkthrough's
 * (UTC) day ended before it, and one checking in that day is the next (a same-day turnover).
 * Cancelled stays are not stays.
 */
export async function staysAround(tx: Tx, propertyId: string, at: Date): Promise<StayBounds | undefined> {
  const calendar = await tx.reservationCalendar.findUnique({ where: { propertyId }, select: { propertyId: true } });
  if (!calendar) return undefined;
  const today = new Date(`${day(at)}T00:00:00Z`);
  const [previous, next] = await Promise.all([
    tx.reservation.findFirst({
      where: { propertyId, status: "confirmed", checkOut: { lte: today } },
      orderBy: [{ checkOut: "desc" }, { checkIn: "desc" }],
    }),
    tx.reservation.findFirst({
      where: { propertyId, status: "confirmed", checkIn: { gte: today } },
      orderBy: [{ checkIn: "asc" }, { checkOut: "asc" }],
    }),
  ]);
  return { ...(previous ? { previous: stay(previous) } : {}), ...(next ? { next: stay(next) } : {}) };
}
