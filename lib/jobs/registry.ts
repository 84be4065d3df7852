import { activateRosterJob } from "./activate-roster-job";
import { addStaffFindingJob } from "./add-staff-finding-job";
import { analyzeInspectionJob } from "./analyze-inspection-job";
import { applyRosterImportJob } from "./apply-roster-import-job";
import { analyzeDemoJob, mailDemoResultJob, pruneDemoJob } from "./demo-jobs";
import type { JobDefinition } from "./definition";
import { expireAbandonedRecordingsJob } from "./expire-abandoned-recordings-job";
import { importBaselineJob } from "./import-baseline-job";
import { judgeTapJob } from "./judge-tap-job";
import { mailReportJob } from "./mail-report-job";
import { pollCalendarsJob } from "./poll-calendars-job";
import { pollRosterFeedJob } from "./poll-roster-feed-job";
import { pruneRateLimitsJob } from "./prune-rate-limits-job";
import { pruneVerificationTokensJob } from "./prune-verification-tokens-job";
import { pruneWebhookLogJob } from "./prune-webhook-log-job";
import { recheckItemJob } from "./recheck-item-job";
import { scheduleRosterPullsJob } from "./schedule-roster-pulls-job";
import { sealRecordingJob } from "./seal-recording-job";
import { signInMailJob } from "./sign-in-mail-job";

/**
 * Every background job the app runs, one per queue of lib/jobs/queues.ts; workers subscribe to
 * each one. Worker side only: this loads every handler and what it needs.
 */
export const jobRegistry: JobDefinition[] = [
  pruneRateLimitsJob,
  pruneVerificationTokensJob,
  signInMailJob,
  applyRosterImportJob,
  activateRosterJob,
  pollRosterFeedJob,
  scheduleRosterPullsJob,
  importBaselineJob,
  sealRecordingJob,
  analyzeInspectionJob,
  recheckItemJob,
  expireAbandonedRecordingsJob,
  judgeTapJob,
  pruneWebhookLogJob,
  mailReportJob,
  addStaffFindingJob,
  pollCalendarsJob,
  analyzeDemoJob,
  mailDemoResultJob,
  pruneDemoJob,
];
