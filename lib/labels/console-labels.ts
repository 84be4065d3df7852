import type {
  ChecklistType,
  ClaimState,
  FeedHealth,
  InspectionStatus,
  KeyStatus,
  PartnerStatus,
  RosterImportStatus,
  RosterSource,
  RosterSyncStatus,
  ServiceState,
  SyncTrigger,
  WebhookDeliveryStatus,
} from "@/lib/generated/prisma/enums";
import type { QueueName } from "@/lib/queue/payloads";

/*
 * The consoles' words for stored and computed values, and the badge tone each status reads in.
 * The shared enums' labels stay in labels.ts; what only the consoles show lives here. Values the
 * API hands over as plain strings go through `labelOf`, so an unforeseen one still reads as words.
 */

/** A status badge's colour: the tones of components/ui/Badge (lib/ does not import components). */
export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

/** The label of a value the console received as a string; an unknown one in words, not snake_case. */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  const known = labels[value];
  if (known !== undefined) return known;
  const words = value.replaceAll("_", " ").replaceAll(".", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function toneOf(tones: Readonly<Record<string, BadgeTone>>, value: string): BadgeTone {
  return tones[value] ?? "neutral";
}

export const partnerStatusTone: Record<PartnerStatus, BadgeTone> = { active: "success", paused: "warning" };

export const keyStatusTone: Record<KeyStatus, BadgeTone> = { active: "success", revoked: "neutral" };

export const deliveryStatusTone: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: "info",
  delivered: "success",
  failed: "danger",
  skipped: "neutral",
};

export const serviceStateTone: Record<ServiceState, BadgeTone> = { pending_setup: "warning", enabled: "success" };

export const claimStateTone: Record<ClaimState, BadgeTone> = { unclaimed: "neutral", pending: "info", claimed: "success" };

export const feedHealthTone: Record<FeedHealth, BadgeTone> = { never_run: "neutral", ok: "success", failing: "danger" };

export const inspectionStatusTone: Record<InspectionStatus, BadgeTone> = {
  recording: "info",
  processing: "info",
  completed: "success",
  failed: "danger",
};

/** How current the roster is (computed when read: confirmed and observed within 48 hours is fresh). */
export const rosterStateLabel: Record<string, string> = {
  unconfirmed: "Not confirmed yet",
  fresh: "Up to date",
  stale: "Out of date",
};
export const rosterStateTone: Record<string, BadgeTone> = { unconfirmed: "neutral", fresh: "success", stale: "warning" };

/** How the roster reaches us: pushed by the partner, or pulled from its feed. */
export const syncModeLabel: Record<string, string> = { push: "Pushed by the partner", pull: "Pulled from a feed" };

export const syncHealthLabel: Record<string, string> = {
  not_configured: "No feed",
  never_run: "Not run yet",
  ok: "Healthy",
  failing: "Failing",
};

export const rosterSourceLabel: Record<RosterSource, string> = { push: "Push", pull: "Feed" };

export const rosterImportStatusLabel: Record<RosterImportStatus, string> = {
  queued: "Waiting",
  running: "Running",
  applied: "Applied",
  rejected: "Rejected",
  failed: "Failed",
};
export const rosterImportStatusTone: Record<RosterImportStatus, BadgeTone> = {
  queued: "neutral",
  running: "info",
  applied: "success",
  rejected: "warning",
  failed: "danger",
};

export const rosterSyncStatusLabel: Record<RosterSyncStatus, string> = {
  queued: "Waiting",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
};
export const rosterSyncStatusTone: Record<RosterSyncStatus, BadgeTone> = {
  queued: "neutral",
  running: "info",
  succeeded: "success",
  failed: "danger",
};

export const syncTriggerLabel: Record<SyncTrigger, string> = { schedule: "Scheduled", manual: "Started by hand" };

/** A home's setup piece (its tour, its baseline photos). */
export const setupStateLabel: Record<string, string> = {
  none: "None",
  importing: "Importing…",
  imported: "Ready",
  failed: "Failed",
  removed: "Removed",
};
export const setupStateTone: Record<string, BadgeTone> = {
  none: "neutral",
  importing: "info",
  imported: "success",
  failed: "danger",
  removed: "neutral",
};

export const checklistTypeLabel: Record<ChecklistType, string> = {
  housekeeping: "Housekeeping",
  inspection: "Inspection",
  maintenance: "Maintenance",
};

/** Why staff fail an inspection. */
export const failReasonLabel: Record<string, string> = {
  recording_unusable: "The recording cannot be used",
  wrong_property: "Recorded in the wrong home",
  duplicate: "A duplicate of another walkthrough",
  other: "Another reason",
};

/** Who made a finding. */
export const findingSourceLabel: Record<string, string> = { provider: "Found by analysis", staff: "Added by staff" };

/** Why a webhook delivery was not sent. */
export const skipReasonLabel: Record<string, string> = {
  no_receiver: "no receiver was set",
  partner_paused: "the partner is paused",
  not_on_track: "not on the partner's event track",
  no_key_with_scope: "no active key has the event's scope",
  workspace_not_partners: "the workspace is not the partner's",
  unit_switched_off: "the home's service is switched off",
};

export const connectorCatalogueLabel: Record<string, string> = { available: "Available", request_access: "On request" };

/** The review desk's verdicts on a checklist item, with the key that gives each. */
export const reviewVerdictLabel: Record<string, string> = {
  verified: "Verified",
  missed: "Missed",
  not_checked: "Not checked",
  explained: "Explained",
  pending: "Waiting",
};
export const reviewVerdictTone: Record<string, BadgeTone> = {
  verified: "success",
  missed: "danger",
  not_checked: "neutral",
  explained: "info",
  pending: "warning",
};

/** A failed job on the jobs page: given up after its attempts (its give-up step ran), or dead-lettered (that step failed too). */
export const failedJobKindLabel: Readonly<Record<"failed" | "dead-lettered", string>> = {
  failed: "Failed, given up",
  "dead-lettered": "Dead-lettered",
};
export const failedJobKindTone: Readonly<Record<"failed" | "dead-lettered", BadgeTone>> = {
  failed: "warning",
  "dead-lettered": "danger",
};

/**
 * The jobs page's words for each queue (its name stays in the page for `npm run admin -- jobs`, as
 * the row's secondary line). Keyed by every queue, so a new queue without words does not compile.
 */
export const jobQueueLabel: Readonly<Record<QueueName | "webhook-events", string>> = {
  "apply-roster-import": "Apply roster imports",
  "activate-roster": "Switch on new rosters",
  "poll-roster-feed": "Read roster feeds",
  "schedule-roster-pulls": "Schedule roster feed reads",
  "prune-rate-limits": "Clear old rate-limit counters",
  "prune-verification-tokens": "Clear expired sign-in links",
  "sign-in-mail": "Send sign-in mail",
  "prune-webhook-log": "Clear old webhook attempts",
  "poll-calendars": "Share out the reservation calendars due",
  "poll-calendar-batch": "Read reservation calendars",
  "import-baseline": "Import baseline photos and tours",
  "seal-recording": "Seal recordings",
  "analyze-inspection": "Analyse walkthroughs",
  "recheck-item": "Re-check items",
  "expire-abandoned-recordings": "End abandoned recordings",
  "judge-tap": "Judge checklist taps live",
  "mail-report": "Mail reports to managers",
  "timestamp-evidence": "Timestamp evidence records with the authority",
  "analyze-demo": "Analyse demo submissions",
  "mail-demo-result": "Mail demo results",
  "prune-demo": "Delete expired demo submissions",
  "delete-expired-media": "Delete walkthrough media past its retention",
  "add-staff-finding": "Cut staff findings from video",
  "sandbox-walkthrough": "Run sandbox walkthroughs",
  "webhook-events": "Deliver webhooks",
};

/** The reuse flag as the desk says it: "92% of its sampled frames match …" (lib/evidence/reuse.ts). */
export function reuseSentence(similarity: number): string {
  return `${Math.round(similarity * 100)}% of this video's sampled frames match the video of`;
}

/**
 * A console list's size as its page counts it: exact up to the cap (lib/db/keyset.ts countCap),
 * past it "1,000+", since counting further would read the whole table for a figure nobody acts on.
 */
export function listCountLabel(list: { total: number; totalCapped: boolean }): string {
  const figure = list.total.toLocaleString("en-GB");
  return list.totalCapped ? `${figure}+` : figure;
}
