import { activateRosterJob } from "./activate-roster-job";
import { applyRosterImportJob } from "./apply-roster-import-job";
import type { JobDefinition } from "./definition";
import { importBaselineJob } from "./import-baseline-job";
import { pollRosterFeedJob } from "./poll-roster-feed-job";
import { pruneRateLimitsJob } from "./prune-rate-limits";
import { scheduleRosterPullsJob } from "./schedule-roster-pulls-job";

/** Every background job the app runs; workers subscribe to each one. */
export const jobRegistry: JobDefinition[] = [
  pruneRateLimitsJob,
  applyRosterImportJob,
  activateRosterJob,
  pollRosterFeedJob,
  scheduleRosterPullsJob,
  importBaselineJob,
];
