import "server-only";
import type { Reservation } from "../generated/prisma/client";

/** A stay's day as the API writes it (`YYYY-MM-DD`); stays are stored as dates at UTC midnight. */
export const calendarDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A stay as the list and the events carry it. The stub (a home switched off) keeps only what
 * names the stay and its state: no `property_id`, `check_in` or `check_out`.
 */
export function serializeReservation(
  reservation: Reservation,
  workspaceExternalId: string,
  propertyExternalId: string,
  options: { stub?: boolean } = {},
) {
  const full = !options.stub;
  return {
    reservation_id: reservation.id,
    workspace_id: workspaceExternalId,
    ...(full ? { property_id: propertyExternalId } : {}),
    status: reservation.status,
    revision: reservation.revision,
    version: 1 as const,
    ...(full ? { check_in: calendarDay(reservation.checkIn), check_out: calendarDay(reservation.checkOut) } : {}),
  };
}
