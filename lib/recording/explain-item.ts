import "server-only";
import { explanationApplies, recordExplanation } from "../checklist-items/item-transitions";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";

/** Explanations are taken until the report is released; a failed walkthrough is as final. */
export const explanationsOpen = (status: string | null | undefined) => status === "recording" || status === "processing";

/** Whether the cleaner may explain a result line now (the recorder offers it only then). */
export const explainable = (line: { state: string; staffState: string | null }, status: string | null | undefined) =>
  explanationApplies(line) && explanationsOpen(status);

interface Line {
  state: string;
  reason: string | null;
  staff_state: string | null;
}

/**
 * After the walk, the cleaner explains an item the results call `missed` in their own words: it
 * becomes `explained` with that `reason` (spec, Checklist result block: missed -> explained; the
 * API shows the new state, and no webhook already delivered is sent again). Explaining an item
 * already explained with the same words answers as before.
 *
 * Only until the report is released (the inspection `completed`; a `failed` one is as final), and
 * never over a staff decision: an item staff decided in review (`decideItem`, which sets
 * `staff_state`) keeps what staff said, even when that is `missed`. The inspection's row is held
 * shared meanwhile, so a release (which locks it for update) happens wholly before or after.
 */
export async function explainItem(inspectionId: string, itemId: string, reason: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const [inspection] = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status::text FROM inspection WHERE id = ${inspectionId}::uuid FOR SHARE`;
    const open = explanationsOpen(inspection?.status);
    const [line] = await tx.$queryRaw<Line[]>`
      SELECT state::text, reason, staff_state::text FROM inspection_item WHERE inspection_id = ${inspectionId}::uuid AND item_id = ${itemId}::uuid FOR UPDATE`;
    if (!line) {
      throw new ApiError("not_found", {
        message: "This walkthrough has no result for that item yet.",
        detail: { parameter: "item_id" },
      });
    }
    if (line.state === "explained" && line.reason === reason) return;
    if (!open) {
      const why = inspection?.status === "completed" ? "The report on this walkthrough was released" : "This walkthrough failed";
      throw new ApiError("explanations_closed", { message: `${why}: its results can no longer be explained.` });
    }
    if (line.staff_state !== null) {
      throw new ApiError("item_decided_by_staff", {
        message: `Staff decided this item in review (${line.staff_state}): it can no longer be explained.`,
      });
    }
    if (line.state !== "missed")
      throw new ApiError("item_not_missed", { message: `Only a missed item can be explained; this one is ${line.state}.` });
    await recordExplanation({ inspectionId, itemId }, reason, tx);
  });
}
