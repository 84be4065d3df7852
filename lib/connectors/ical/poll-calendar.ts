import "server-only";
import { readFile } from "node:fs/promises";
import { db, type Tx } from "../../db/client";
import type { FetchOptions } from "../../fetch/fetch-options";
import { fetchToFile, type FileFetchLimits } from "../../fetch/fetch-to-file";
import { log } from "../../log";
import { decryptCalendarUrl } from "./calendar-url";
import { CalendarParseError, type CalendarStay, parseCalendar } from "./parse-calendar";
import type { Reservation } from "../../generated/prisma/client";
import { type StayChange, type StayFields, recordReservationEvents } from "../reservation-events";
import { calendarDay } from "../reservation-record";

export const calendarLimits: FileFetchLimits = {
  maxUrlLength: 2048,
  maxRedirects: 3,
  deadlineMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  // Platforms serve exports as text/calendar; some as text/plain.
  contentTypes: ["text/calendar", "text/plain"],
  userAgent: "Walkthrough-Calendar/1",
};

export type PollOutcome = { ok: true; changes: number } | { ok: false; error: string };

/**
 * Brings a home's stays in line with its calendar, in one transaction under the calendar's row
 * lock, so two polls of one home apply one after the other and each change is counted once.
 * A stay gone from the calendar is cancelled only while it is still ahead (checks out today or
 * later): exports drop past stays as they age, which is not a cancellation.
 */
const fieldsOf = (row: Reservation): StayFields => ({
  status: row.status,
  checkIn: calendarDay(row.checkIn),
  checkOut: calendarDay(row.checkOut),
});

export async function applyStays(propertyId: string, stays: CalendarStay[], now = new Date()): Promise<StayChange[]> {
  return db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { property_id: string }[]
    >`SELECT property_id FROM reservation_calendar WHERE property_id = ${propertyId}::uuid FOR UPDATE`;
    if (locked.length === 0) return [];
    const property = await tx.property.findUniqueOrThrow({ where: { id: propertyId }, select: { workspaceId: true } });
    const held = new Map((await tx.reservation.findMany({ where: { propertyId } })).map((row) => [row.uid, row]));
    const changes: StayChange[] = [];
    const today = calendarDay(now);
    // New stays in one statement: a calendar's first read may hold hundreds.
    const created = await tx.reservation.createManyAndReturn({
      data: stays
        .filter((stay) => !held.has(stay.uid))
        .map((stay) => ({
          workspaceId: property.workspaceId,
          propertyId,
          uid: stay.uid,
          status: stay.status,
          checkIn: new Date(stay.checkIn),
          checkOut: new Date(stay.checkOut),
        })),
    });
    // A stay first seen already cancelled is kept, but there is nothing to announce.
    for (const reservation of created) if (reservation.status === "confirmed") changes.push({ kind: "created", reservation });
    const seen = new Set(stays.map((stay) => stay.uid));
    for (const stay of stays) {
      const row = held.get(stay.uid);
      if (!row) continue;
      const before = fieldsOf(row);
      if (before.status === stay.status && before.checkIn === stay.checkIn && before.checkOut === stay.checkOut) continue;
      const updated = await tx.reservation.update({
        where: { id: row.id },
        data: {
          status: stay.status,
          checkIn: new Date(stay.checkIn),
          checkOut: new Date(stay.checkOut),
          revision: { increment: 1 },
          updatedAt: now,
        },
      });
      changes.push({ kind: "updated", reservation: updated, before });
    }
    for (const row of held.values()) {
      if (seen.has(row.uid) || row.status !== "confirmed" || calendarDay(row.checkOut) < today) continue;
      const updated = await tx.reservation.update({
        where: { id: row.id },
        data: { status: "cancelled", revision: { increment: 1 }, updatedAt: now },
      });
      changes.push({ kind: "updated", reservation: updated, before: fieldsOf(row) });
    }
    await recordReservationEvents(tx, changes, now);
    await tx.reservationCalendar.update({
      where: { propertyId },
      data: { lastPolledAt: now, lastSucceededAt: now, lastError: null },
    });
    return changes;
  });
}

async function recordFailure(tx: Tx, propertyId: string, error: string, now: Date): Promise<void> {
  await tx.reservationCalendar.updateMany({ where: { propertyId }, data: { lastPolledAt: now, lastError: error } });
}

/**
 * Fetches a home's calendar through the SSRF-safe fetcher and applies it. Never throws for what
 * the calendar's host did (unreachable, refused, not a calendar): that is recorded on the
 * calendar as `last_error` and the stays stay as they were.
 */
export async function pollCalendar(propertyId: string, fetchOptions: FetchOptions, now = new Date()): Promise<PollOutcome> {
  const calendar = await db().reservationCalendar.findUnique({ where: { propertyId } });
  if (!calendar) return { ok: false, error: "no_calendar" };
  const fetched = await fetchToFile(decryptCalendarUrl(calendar.urlEncrypted), calendarLimits, fetchOptions);
  if (!fetched.ok) {
    const error = fetched.reason === "http_status" ? `http_status_${fetched.status}` : fetched.reason;
    await recordFailure(db(), propertyId, error, now);
    return { ok: false, error };
  }
  let stays: CalendarStay[];
  try {
    stays = parseCalendar(await readFile(fetched.path, "utf8"));
  } catch (error) {
    if (!(error instanceof CalendarParseError)) throw error;
    await recordFailure(db(), propertyId, "not_a_calendar", now);
    return { ok: false, error: "not_a_calendar" };
  } finally {
    await fetched.dispose();
  }
  const changes = await applyStays(propertyId, stays, now);
  if (changes.length > 0) log().info({ propertyId, changes: changes.length }, "calendar changes");
  return { ok: true, changes: changes.length };
}
