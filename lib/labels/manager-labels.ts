import type { ChecklistType } from "@/lib/generated/prisma/enums";
import type { VerdictFilter } from "@/lib/people/read-inspections";
import type { BaselinePhotosState, TourState } from "@/lib/properties/setup-progress";

/* The manager's pages' words for stored values (the shared ones are in labels.ts). */

export const verdictFilterLabel: Record<VerdictFilter, string> = {
  not_ready: "Not ready",
  check: "Check before guests arrive",
  ready: "Ready for guests",
  unreleased: "Report not out yet",
};

export const checklistTypeLabel: Record<ChecklistType, string> = {
  housekeeping: "Housekeeping",
  inspection: "Inspection",
  maintenance: "Maintenance",
};

export const tourStateLabel: Record<TourState, string> = {
  none: "No tour yet",
  importing: "Importing…",
  imported: "Ready",
  failed: "Import failed",
};

export const photosStateLabel: Record<BaselinePhotosState, string> = {
  none: "No photos yet",
  importing: "Importing…",
  imported: "Ready",
  failed: "Last import failed",
};

/** What each role may do, said where a role is chosen. */
export const seatRoleHint = {
  owner: "Invites and removes people, sets homes up, reads every report.",
  manager: "Sets homes up and reads every report.",
  viewer: "Reads reports; changes nothing.",
} as const;
