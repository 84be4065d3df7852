import "server-only";
import type { ChecklistItemState } from "../generated/prisma/enums";

export type { ChecklistItemState };

/** Spec, Checklist result block: the five item states, in the order `counts` names them. */
export const itemStates: ChecklistItemState[] = ["verified", "missed", "explained", "not_checked", "pending"];

/**
 * The states a result line starts in when the walkthrough is sealed: `pending` until its verdict
 * arrives, `missed` when finished without filming, `not_checked` on a walkthrough uploaded as a file.
 */
export type InitialItemState = Extract<ChecklistItemState, "pending" | "missed" | "not_checked">;

/** What a provider's verdict (or the filming itself) can say about an item. */
export type VerdictState = Extract<ChecklistItemState, "verified" | "missed">;

/** What staff may decide in review, as a remote inspector would. */
export type StaffVerdict = Extract<ChecklistItemState, "verified" | "missed" | "not_checked">;
export const staffVerdicts: StaffVerdict[] = ["verified", "missed", "not_checked"];

/** Every state but `pending` is a result: the block waits only for pending items. */
export const isFinal = (state: ChecklistItemState) => state !== "pending";
