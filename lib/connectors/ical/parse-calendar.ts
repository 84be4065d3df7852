import "server-only";
import ICAL from "ical.js";

/** One stay as a calendar export lists it. Dates are the home's calendar days, `YYYY-MM-DD`. */
export interface CalendarStay {
  uid: string;
  status: "confirmed" | "cancelled";
  checkIn: string;
  checkOut: string;
}

export class CalendarParseError extends Error {}

/** More than any one home's calendar holds; a larger one is refused rather than half read. */
export const maxCalendarEvents = 5000;

// Rental platforms export an owner's blocked nights as events too ("Airbnb (Not available)",
// "Blocked"): they are not stays, and nobody cleans after them.
const blockSummary = /\b(not available|blocked|unavailable)\b/i;

function day(time: ICAL.Time): string {
  if (time.isDate)
    return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  return time.toJSDate().toISOString().slice(0, 10);
}

/**
 * The stays of an iCalendar text (RFC 5545), parsed by ical.js. An event without a UID or a
 * start, or that ends before it starts, is left out; so are owner blocks. A stay listed twice
 * (a platform's recurrence overrides) counts once, its last form winning.
 */
export function parseCalendar(text: string): CalendarStay[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw new CalendarParseError(`not an iCalendar file: ${(error as Error).message.slice(0, 200)}`);
  }
  if (root.name !== "vcalendar") throw new CalendarParseError("not an iCalendar file: no VCALENDAR");
  const events = root.getAllSubcomponents("vevent");
  if (events.length > maxCalendarEvents) throw new CalendarParseError(`more than ${maxCalendarEvents} events`);
  const stays = new Map<string, CalendarStay>();
  for (const component of events) {
    const event = new ICAL.Event(component);
    const summary = String(component.getFirstPropertyValue("summary") ?? "");
    if (!event.uid || !event.startDate || blockSummary.test(summary)) continue;
    const checkIn = day(event.startDate);
    const checkOut = event.endDate ? day(event.endDate) : checkIn;
    if (checkOut < checkIn) continue;
    const cancelled = String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
    stays.set(event.uid.slice(0, 500), {
      uid: event.uid.slice(0, 500),
      status: cancelled ? "cancelled" : "confirmed",
      checkIn,
      checkOut,
    });
  }
  return [...stays.values()];
}
