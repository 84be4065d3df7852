"use client";

import { type ReactNode, useState } from "react";
import { Field, Input } from "@/components/ui/Field";
import type { PageStep } from "@/components/ui/Pagination";
import { Select } from "@/components/ui/Select";
import { eventTypeLabel, eventTypes } from "@/lib/labels/event-types";

/** A day typed in the reader's calendar as the instant it starts there (`days` later for an end). */
const startOf = (day: string, days = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + days);
  return date.toISOString();
};

/**
 * The filters the event and delivery logs share: the event type, the log's own filter
 * (`children`, a Field), and the days.
 */
export function LogFilters({
  id,
  eventType,
  onEventType,
  from,
  onFrom,
  to,
  onTo,
  children,
}: {
  id: string;
  eventType: string;
  onEventType: (value: string) => void;
  from: string;
  onFrom: (value: string) => void;
  to: string;
  onTo: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Field id={`${id}-type`} label="Event type">
        <Select value={eventType} onChange={(event) => onEventType(event.target.value)}>
          <option value="">All types</option>
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabel[type]}
            </option>
          ))}
        </Select>
      </Field>
      {children}
      <Field id={`${id}-from`} label="From day">
        <Input type="date" value={from} onChange={(event) => onFrom(event.target.value)} />
      </Field>
      <Field id={`${id}-to`} label="To day">
        <Input type="date" value={to} onChange={(event) => onTo(event.target.value)} />
      </Field>
    </div>
  );
}

/**
 * Newer and Older through a log paged by `before` (the last row shown): the cursors walked so
 * far, so Newer goes back without asking the server for a way back.
 */
function useCursorTrail() {
  const [cursors, setCursors] = useState<readonly string[]>([""]);
  return {
    before: cursors.at(-1)!,
    /** Back to the newest page, as a changed filter must. */
    restart: () => setCursors([""]),
    steps: (next: string | undefined): { previous?: PageStep; next?: PageStep } => ({
      previous: cursors.length > 1 ? { onClick: () => setCursors(cursors.slice(0, -1)) } : undefined,
      next: next ? { onClick: () => setCursors([...cursors, next]) } : undefined,
    }),
  };
}

/**
 * The state of the filters both logs share and of their pages: `fields` go to LogFilters, `query`
 * makes the address of a page (with the log's own filters), and a changed filter goes back to
 * the newest page.
 */
export function useLogFilters(initialEventType = "") {
  const [eventType, setEventType] = useState(initialEventType);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const trail = useCursorTrail();
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    trail.restart();
  };
  return {
    filter,
    steps: trail.steps,
    key: { eventType, from, to, before: trail.before },
    filtered: Boolean(eventType || from || to),
    fields: { eventType, onEventType: filter(setEventType), from, onFrom: filter(setFrom), to, onTo: filter(setTo) },
    /** The page's query: the log's `own` filters, the event type, the days (`to` the start of the day after the last) and the page. */
    query(own: Record<string, string>): URLSearchParams {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...own, event_type: eventType })) if (value) query.set(name, value);
      if (from) query.set("from", startOf(from));
      if (to) query.set("to", startOf(to, 1));
      if (trail.before) query.set("before", trail.before);
      return query;
    },
  };
}
