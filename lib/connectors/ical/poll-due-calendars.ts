import "server-only";
import { config } from "../../config";
import { pool } from "../../db/client";
import type { FetchOptions } from "../../fetch/fetch-options";
import { type PollOutcome, pollCalendar } from "./poll-calendar";

// A minute's share of a large fleet; what is left is still due at the next run.
const batch = 200;
const concurrency = 4;

/**
 * Claims the calendars due a poll (never polled, or not for `ICAL_POLL_MINUTES`) whose
 * workspace still has the iCal connector, by stamping their poll time in the same statement:
 * an overlapping run skips the rows it locked and finds them no longer due. Then polls them.
 */
export async function pollDueCalendars(fetchOptions: FetchOptions, now = new Date()): Promise<PollOutcome[]> {
  const { rows } = await pool().query<{ property_id: string }>(
    `UPDATE reservation_calendar c SET last_polled_at = $1
     WHERE c.property_id IN (
       SELECT c2.property_id FROM reservation_calendar c2
       JOIN property p ON p.id = c2.property_id
       JOIN connector_enablement e ON e.workspace_id = p.workspace_id AND e.platform = 'ical'
       WHERE c2.last_polled_at IS NULL OR c2.last_polled_at <= $1::timestamptz - make_interval(mins => $2)
       ORDER BY c2.last_polled_at NULLS FIRST
       LIMIT $3
       FOR UPDATE OF c2 SKIP LOCKED)
     RETURNING c.property_id`,
    [now, config().ICAL_POLL_MINUTES, batch],
  );
  const outcomes: PollOutcome[] = [];
  const queue = rows.map((row) => row.property_id);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift())
        outcomes.push(await pollCalendar(next, fetchOptions, now));
    }),
  );
  return outcomes;
}
