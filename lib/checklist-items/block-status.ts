import "server-only";
import { type ChecklistItemState, isFinal, itemStates } from "./item-states";

export type BlockStatus = "in_progress" | "complete";

/** Spec, Checklist result block: `counts` always names all five states. */
export function countItemStates(states: Iterable<ChecklistItemState>): Record<ChecklistItemState, number> {
  const counts = Object.fromEntries(itemStates.map((state) => [state, 0])) as Record<ChecklistItemState, number>;
  for (const state of states) counts[state] += 1;
  return counts;
}

/**
 * `in_progress` until the recording has finished processing (sealed) and every item is final, then
 * `complete`. An item being re-checked is `pending` meanwhile, so the block reads `in_progress`
 * again until its result lands; one left `not_checked` is final (the block does not wait for it).
 */
export function blockStatus(sealed: boolean, states: Iterable<ChecklistItemState>): BlockStatus {
  return sealed && [...states].every(isFinal) ? "complete" : "in_progress";
}

/**
 * The same "every item final" as SQL, for a query that waits on it (the `inspection.recording_completed`
 * event is built once it holds). `inspectionId` is the SQL expression naming the inspection.
 */
export const everyItemFinalSql = (inspectionId: string) =>
  `NOT EXISTS (SELECT 1 FROM inspection_item i WHERE i.inspection_id = ${inspectionId} AND i.state = 'pending')`;
