import { activateRosterJob } from "./activate-roster-job";
import { applyRosterImportJob } from "./apply-roster-import-job";
import type { JobDefinition } from "./definition";
import { pruneRateLimitsJob } from "./prune-rate-limits";

/** Every background job the app runs; workers subscribe to each one. */
export const jobRegistry: JobDefinition[] = [pruneRateLimitsJob, applyRosterImportJob, activateRosterJob];
