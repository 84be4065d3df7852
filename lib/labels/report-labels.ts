import type { InspectionStatus } from "@/lib/generated/prisma/enums";

/*
 * The report page's words for a report that has no verdict yet: what is happening, said plainly,
 * in place of the verdict (a `completed` report has one, so it has no entry here).
 */
export const unreleasedTitle: Record<Exclude<InspectionStatus, "completed">, string> = {
  recording: "Still being recorded",
  processing: "Report being prepared",
  failed: "No report for this walkthrough",
};

export const unreleasedDetail: Record<Exclude<InspectionStatus, "completed">, string> = {
  recording: "The cleaner has not finished the walkthrough yet. The report appears here once it has been analysed.",
  processing:
    "The walkthrough is being analysed. Findings and the verdict appear here once the report is ready; checklist results show as they come in.",
  failed: "This walkthrough could not be processed into a report, so there is no verdict for it.",
};
