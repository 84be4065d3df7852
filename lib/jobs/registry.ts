import "server-only";
import type { JobDefinition } from "./definition";
import { activateRosterJob } from "./definitions/activate-roster";
import { addStaffFindingJob } from "./definitions/add-staff-finding";
import { analyzeDemoJob } from "./definitions/analyze-demo";
import { analyzeInspectionJob } from "./definitions/analyze-inspection";
import { applyRosterImportJob } from "./definitions/apply-roster-import";
import { deleteExpiredMediaJob } from "./definitions/delete-expired-media";
import { expireAbandonedRecordingsJob } from "./definitions/expire-abandoned-recordings";
import { importBaselineJob } from "./definitions/import-baseline";
import { judgeTapJob } from "./definitions/judge-tap";
import { mailDemoResultJob } from "./definitions/mail-demo-result";
import { mailReportJob } from "./definitions/mail-report";
import { timestampEvidenceJob } from "./definitions/timestamp-evidence";
import { pollCalendarBatchJob } from "./definitions/poll-calendar-batch";
import { pollCalendarsJob } from "./definitions/poll-calendars";
import { pollRosterFeedJob } from "./definitions/poll-roster-feed";
import { pruneDemoJob } from "./definitions/prune-demo";
import { pruneRateLimitsJob } from "./definitions/prune-rate-limits";
import { pruneVerificationTokensJob } from "./definitions/prune-verification-tokens";
import { pruneWebhookLogJob } from "./definitions/prune-webhook-log";
import { recheckItemJob } from "./definitions/recheck-item";
import { scheduleRosterPullsJob } from "./definitions/schedule-roster-pulls";
import { sandboxWalkthroughJob } from "./definitions/sandbox-walkthrough";
import { sealRecordingJob } from "./definitions/seal-recording";
import { signInMailJob } from "./definitions/sign-in-mail";

/**
 * Every background job the app runs, one definition file per queue of lib/queue/queues.ts
 * (lib/jobs/definitions/<queue>.ts); workers subscribe to each one. Worker side only: this loads
 * every handler and what it needs.
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
  sandboxWalkthroughJob,
  analyzeInspectionJob,
  recheckItemJob,
  expireAbandonedRecordingsJob,
  judgeTapJob,
  pruneWebhookLogJob,
  mailReportJob,
  timestampEvidenceJob,
  addStaffFindingJob,
  pollCalendarsJob,
  pollCalendarBatchJob,
  analyzeDemoJob,
  mailDemoResultJob,
  pruneDemoJob,
  deleteExpiredMediaJob,
];
