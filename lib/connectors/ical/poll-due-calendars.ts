import "server-only";
import { config } from "../../config";
import { pool } from "../../db/client";
import type { FetchOptions } from "../../fetch/fetch-options";
import { type PollOutcome, pollCalendar } from "./poll-calendar";

/** One batch job's claim: 200 calendars, 4 at a time, each at most 20 s. */
export const calendarBatch = 200;
const concurrency = 4;

// Due: never polled, or not for ICAL_POLL_MINUTES, and the workspace still has the iCal connector.
const dueFrom = `
  FROM reservation_calendar c2
  JOIN property p ON p.id = c2.property_id
  JOIN connector_enablement e ON e.workspace_id = p.workspace_id AND e.platform = 'ical'
  WHERE c2.last_polled_at IS NULL OR c2.last_polled_at <= $1::timestamptz - make_interval(mins => $2)`;

/** How many calendars are due at `now`, counted up to `cap` (the scheduler needs no more). */
export async function countDueCalendars(now: Date, cap: number): Promise<number> {
  const { rows } = await pool().query<{ due: number }>(`SELECT count(*)::int AS due FROM (SELECT 1 ${dueFrom} LIMIT $3) due`, [
    now,
    config().ICAL_POLL_MINUTES,
    cap,
  ]);
  return rows[0]?.due ?? 0;
}

/**
 * Claims up to `limit` due calendars by stamping their poll time in the same statement, oldest
 * poll first. FOR UPDATE SKIP LOCKED: claims made at once by several workers take disjoint
 * batches (a claim skips the rows another holds, and finds them no longer due once it commits).
 */
export async function claimDueCalendars(now: Date, limit = calendarBatch): Promise<string[]> {
  const { rows } = await pool().query<{ property_id: string }>(
    `UPDATE reservation_calendar c SET last_polled_at = $1
     WHERE c.property_id IN (
       SELECT c2.property_id ${dueFrom}
       ORDER BY c2.last_polled_at NULLS FIRST
       LIMIT $3
       FOR UPDATE OF c2 SKIP LOCKED)
     RETURNING c.property_id`,
    [now, config().ICAL_POLL_MINUTES, limit],
  );
  return rows.map((row) => row.property_id);
}

/** Claims one batch of due calendars and polls it, 4 at a time. */
export async function pollDueCalendars(
  fetchOptions: FetchOptions,
  now = new Date(),
  limit = calendarBatch,
): Promise<PollOutcome[]> {
  const queue = await claimDueCalendars(now, limit);
  const outcomes: PollOutcome[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift())
        outcomes.push(await pollCalendar(next, fetchOptions, now));
    }),
  );
  return outcomes;
}
