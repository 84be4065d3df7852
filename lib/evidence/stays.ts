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

/**
 * The stays between two walkthroughs of a home (earliest first): every stay in the home between
 * them, by the same day rule as `staysAround` (one checking out on the earlier walkthrough's day
 * ended before it; one checking in on the later one's day comes after it). Undefined when the
 * home's stays are not known.
 */
export async function staysBetween(tx: Tx, propertyId: string, from: Date, to: Date): Promise<Stay[] | undefined> {
  const calendar = await tx.reservationCalendar.findUnique({ where: { propertyId }, select: { propertyId: true } });
  if (!calendar) return undefined;
  const rows = await tx.reservation.findMany({
    where: {
      propertyId,
      status: "confirmed",
      checkOut: { gt: new Date(`${day(from)}T00:00:00Z`) },
      checkIn: { lt: new Date(`${day(to)}T00:00:00Z`) },
    },
    orderBy: [{ checkIn: "asc" }, { checkOut: "asc" }],
    take: 500,
  });
  return rows.map(stay);
}
