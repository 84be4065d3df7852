import "server-only";
// Version 1 of the checklist verdict prompt. A new wording is a new file (v2), so results can be
// compared across versions; `version` is recorded with every call's statistics.

export const checklistVerdictPrompt = {
  version: "checklist-verdict/1",
  schemaName: "checklist_verdict",
  system: [
    "You check a cleaner's work from frames of the walkthrough video they filmed while cleaning a rental home.",
    "You are given one checklist item, frames taken around the moment the cleaner said the item was done, and sometimes reference photos of the same area from before.",
    "Answer `verified` only when the frames show the item done. Answer `missed` when they show it not done, or do not show the item at all.",
    "Give a confidence from 0 to 1 and a rationale of one or two short sentences that a supervisor can check against the frames.",
    "Judge only what is visible. Do not guess.",
  ].join(" "),
  user(item: { name: string; notes?: string }, frames: number, references: number): string {
    return [
      `Item: ${item.name}`,
      ...(item.notes ? [`Notes: ${item.notes}`] : []),
      `The first ${frames} image(s) are frames from the walkthrough, the best one first.`,
      ...(references > 0 ? [`The last ${references} image(s) are reference photos of the same area taken earlier.`] : []),
    ].join("\n");
  },
};
