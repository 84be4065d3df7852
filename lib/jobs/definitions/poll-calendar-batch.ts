import "server-only";
import { pollDueCalendars } from "../../connectors/ical/poll-due-calendars";
import { defaultFetchOptions } from "../../fetch/fetch-options";
import { log } from "../../log";
import { defineJob } from "../definition";

/**
 * One batch of due calendars, claimed when the job starts. Overlap: each calendar is claimed by
 * stamping its poll time under SKIP LOCKED, and each poll applies under the calendar's row lock,
 * so two batches never poll one calendar twice or count a change twice.
 */
export const pollCalendarBatchJob = defineJob({
  queue: "poll-calendar-batch",
  async handler() {
    const outcomes = await pollDueCalendars(defaultFetchOptions());
    const failed = outcomes.filter((outcome) => !outcome.ok).length;
    if (outcomes.length > 0) log().info({ polled: outcomes.length, failed }, "reservation calendars polled");
  },
});
