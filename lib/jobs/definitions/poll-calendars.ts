import "server-only";
import { calendarBatch, countDueCalendars } from "../../connectors/ical/poll-due-calendars";
import { db } from "../../db/client";
import { log } from "../../log";
import { enqueue } from "../../queue/enqueue";
import { defineJob } from "../definition";

/** At most this many batch jobs waiting or running at once: 10,000 calendars a round. */
export const maxCalendarBatches = 50;

/** Batch jobs not yet ended: the ones already on their way to the due calendars. */
async function liveBatchJobs(): Promise<number> {
  const [row] = await db().$queryRaw<{ live: number }[]>`
    SELECT count(*)::int AS live FROM pgboss.job
    WHERE name = 'poll-calendar-batch' AND state IN ('created', 'retry', 'active')`;
  return row?.live ?? 0;
}

/**
 * One scheduler round: a batch job for every 200 due calendars, less the batch jobs already
 * waiting or running, so the polling scales with the calendars (up to 50 batches a round) and
 * with the workers (each takes a batch job at a time: N workers poll N batches at once).
 * Answers how many batch jobs it enqueued.
 */
export async function scheduleCalendarBatches(now = new Date()): Promise<number> {
  const due = await countDueCalendars(now, maxCalendarBatches * calendarBatch);
  const wanted = Math.min(Math.ceil(due / calendarBatch), maxCalendarBatches) - (await liveBatchJobs());
  for (let i = 0; i < wanted; i++) await enqueue("poll-calendar-batch", {});
  if (wanted > 0) log().info({ due, batches: wanted }, "reservation calendar batches enqueued");
  return Math.max(wanted, 0);
}

/**
 * The iCal connector's schedule: every minute, batch jobs for the calendars that have come due
 * (lib/jobs/definitions/poll-calendar-batch.ts polls them). Overlap: two rounds at once may
 * enqueue a few batches too many; a batch that finds nothing due ends at once.
 */
export const pollCalendarsJob = defineJob({
  queue: "poll-calendars",
  schedule: "* * * * *",
  async handler() {
    await scheduleCalendarBatches();
  },
});
