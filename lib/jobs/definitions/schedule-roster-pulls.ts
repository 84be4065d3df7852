import "server-only";
import { log } from "../../log";
import { endAbandonedSyncs } from "../../roster-feeds/end-abandoned-syncs";
import { enqueueDueRosterPulls } from "../../roster-feeds/enqueue-due-pulls";
import { defineJob } from "../definition";

/**
 * The daily pull schedule. Each feed has its own minute of the day; this runs every minute
 * and starts the pulls that have come due. pg-boss keeps one schedule across all processes.
 * Overlap: two runs at once (or two for the same minute) start each pull once, since every start
 * is decided again under the workspace's row lock (see enqueueDueRosterPulls), and ending an
 * abandoned sync locks the sync and skips one already ended. No lease needed.
 */
export const scheduleRosterPullsJob = defineJob({
  queue: "schedule-roster-pulls",
  schedule: "* * * * *",
  async handler() {
    const now = new Date();
    const started = await enqueueDueRosterPulls({ now });
    const ended = await endAbandonedSyncs(now);
    if (started > 0 || ended > 0) log().info({ started, ended }, "roster pull schedule");
  },
});
