import type {
  ChecklistItemState,
  ClaimState,
  FeedHealth,
  FindingCategory,
  FindingSeverity,
  InspectionStatus,
  KeyStatus,
  PartnerStatus,
  PhotoImportState,
  PropertyRosterStatus,
  SandboxOutcome,
  SeatRole,
  ServiceState,
  TourImportState,
  WebhookDeliveryStatus,
} from "@/lib/generated/prisma/enums";

/*
 * The words people read for the values we store. No page, PDF or mail shows a stored value
 * (`pending_setup`, `MAJOR`, `lost_item`) as it is: it looks its label up here, so one value has
 * one name everywhere. Typed as full records: a new enum value fails to compile until it has one.
 * The sign-in, report and people pages take theirs from the catalogue instead (lib/i18n/messages,
 * keyed by the value, e.g. `report.severity.MAJOR`; the key is typed, so a new value fails to
 * compile there too); the PDF, the mail and the consoles still read them here, in English.
 */

export const severityLabel: Record<FindingSeverity, string> = { MINOR: "Minor", MODERATE: "Moderate", MAJOR: "Major" };

export const categoryLabel: Record<FindingCategory, string> = {
  damage: "Damage",
  cleaning: "Cleaning",
  lost_item: "Left behind",
};

export const inspectionStatusLabel: Record<InspectionStatus, string> = {
  recording: "Recording",
  processing: "Analysing",
  completed: "Report ready",
  failed: "Failed",
};

export const itemStateLabel: Record<ChecklistItemState, string> = {
  verified: "Done",
  missed: "Missed",
  explained: "Explained",
  not_checked: "Not checked",
  pending: "Waiting for analysis",
};

export const seatRoleLabel: Record<SeatRole, string> = { owner: "Owner", manager: "Manager", viewer: "Viewer" };

export const claimStateLabel: Record<ClaimState, string> = {
  unclaimed: "Not claimed",
  pending: "Invitation sent",
  claimed: "Claimed",
};

export const photoImportLabel: Record<PhotoImportState, string> = {
  importing: "Importing…",
  imported: "Ready",
  failed: "Failed",
};

export const tourImportLabel: Record<TourImportState, string> = {
  importing: "Importing…",
  imported: "Ready",
  failed: "Failed",
  removed: "Removed",
};

export const partnerStatusLabel: Record<PartnerStatus, string> = { active: "Active", paused: "Paused" };

export const keyStatusLabel: Record<KeyStatus, string> = { active: "Active", revoked: "Revoked" };

/** A key's or a workspace's kind: a sandbox one never involves a cleaner (the sandbox, README). */
export const sandboxLabel = "Sandbox";
export const keyModeLabel = (sandbox: boolean) => (sandbox ? "Sandbox" : "Live");

/** What a sandbox walkthrough's analysis finds, as the console offers it. */
export const sandboxOutcomeLabel: Record<SandboxOutcome, string> = {
  findings: "Two findings, every step done",
  clean: "Clean: every step done",
  missed: "Every step missed",
};

export const deliveryStatusLabel: Record<WebhookDeliveryStatus, string> = {
  pending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Not sent",
};

export const serviceStateLabel: Record<ServiceState, string> = { pending_setup: "Setting up", enabled: "Enabled" };

export const rosterStatusLabel: Record<PropertyRosterStatus, string> = {
  present: "In the roster",
  inactive: "Inactive",
  unconfirmed: "Not yet confirmed",
};

export const feedHealthLabel: Record<FeedHealth, string> = { never_run: "Not run yet", ok: "Healthy", failing: "Failing" };
