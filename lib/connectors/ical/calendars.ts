import "server-only";
import { db } from "../../db/client";
import type { Property, ReservationCalendar } from "../../generated/prisma/client";
import { calendarHost, encryptCalendarUrl } from "./calendar-url";

/** A home's calendar as the API answers it: the host only, never the link (it carries a token). */
export function serializeCalendar(
  workspaceExternalId: string,
  property: Pick<Property, "externalId">,
  calendar: ReservationCalendar | null,
) {
  return {
    workspace_id: workspaceExternalId,
    property_id: property.externalId,
    ...(calendar
      ? {
          calendar_host: calendar.urlHint,
          created_at: calendar.createdAt.toISOString(),
          ...(calendar.lastPolledAt ? { last_polled_at: calendar.lastPolledAt.toISOString() } : {}),
          ...(calendar.lastSucceededAt ? { last_succeeded_at: calendar.lastSucceededAt.toISOString() } : {}),
          ...(calendar.lastError ? { last_error: calendar.lastError } : {}),
        }
      : {}),
  };
}

/**
 * Sets (or replaces) a home's calendar. A new link is read at the scheduler's next minute:
 * the poll time is cleared, so a replaced calendar is not left waiting out its interval.
 */
export async function setCalendar(propertyId: string, url: string): Promise<ReservationCalendar> {
  const data = {
    urlEncrypted: encryptCalendarUrl(url),
    urlHint: calendarHost(url),
    lastPolledAt: null,
    lastSucceededAt: null,
    lastError: null,
  };
  return db().reservationCalendar.upsert({ where: { propertyId }, create: { propertyId, ...data }, update: data });
}

export async function readCalendar(propertyId: string): Promise<ReservationCalendar | null> {
  return db().reservationCalendar.findUnique({ where: { propertyId } });
}

/** Stops polling; the stays already read stay listed. */
export async function removeCalendar(propertyId: string): Promise<void> {
  await db().reservationCalendar.deleteMany({ where: { propertyId } });
}
