import { z } from "zod";
import { log } from "../log";
import { endAbandonedSyncs } from "../roster-feeds/end-abandoned-syncs";
import { enqueueDueRosterPulls } from "../roster-feeds/enqueue-due-pulls";
import { defineJob } from "./definition";

/**
 * The daily pull schedule. Each feed has its own minute of the day; this runs every minute
 * and starts the pulls that have come due. pg-boss keeps one schedule across all processes,
 * and a second run for the same minute starts nothing (see enqueueDueRosterPulls).
 */
export const scheduleRosterPullsJob = defineJob({
  name: "schedule-roster-pulls",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
  timeoutSeconds: 120,
  retryLimit: 0,
  async handler() {
    const now = new Date();
    const started = await enqueueDueRosterPulls({ now });
    const ended = await endAbandonedSyncs(now);
    if (started > 0 || ended > 0) log().info({ started, ended }, "roster pull schedule");
  },
});
