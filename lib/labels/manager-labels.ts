import type { ChecklistType } from "@/lib/generated/prisma/enums";

/*
 * The manager's pages' words for stored values not yet in the catalogue (the people namespace of
 * lib/i18n/messages/en.json holds the rest; the shared ones are in labels.ts).
 */

export const checklistTypeLabel: Record<ChecklistType, string> = {
  housekeeping: "Housekeeping",
  inspection: "Inspection",
  maintenance: "Maintenance",
};
