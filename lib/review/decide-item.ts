import "server-only";
import type { StaffVerdict } from "../checklist-items/item-states";
import { recordStaffDecision } from "../checklist-items/item-transitions";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { releaseIfReady } from "../inspections/release-report";

export interface StaffDecisionOptions {
  /**
   * Release the report once nothing else waits: the staff CLI's way (the operator's scripted
   * override). The review desk releases only on "Release and next", so a reviewer's last keystroke
   * can still be corrected before the partner hears of it.
   */
  releaseWhenDone: boolean;
}

/**
 * Staff decide an item, as a remote inspector would: its state from now on, kept apart from the
 * provider's verdict (agreement statistics). A decision may replace an earlier one until the
 * report is released.
 */
export async function decideItem(
  inspectionId: string,
  itemId: string,
  state: StaffVerdict,
  { releaseWhenDone }: StaffDecisionOptions,
): Promise<{ released: boolean }> {
  const inspection = await db().inspection.findUnique({ where: { id: inspectionId }, select: { status: true } });
  if (!inspection) throw new ApiError("not_found", { message: "No such inspection." });
  if (inspection.status !== "processing")
    throw new ApiError("invalid_request", {
      message: `The inspection is ${inspection.status}: its items are final.`,
      detail: { parameter: "inspection" },
    });
  if (!(await recordStaffDecision({ inspectionId, itemId }, state)))
    throw new ApiError("not_found", { message: "This walkthrough has no result for that item.", detail: { parameter: "item" } });
  return { released: releaseWhenDone && (await releaseIfReady(inspectionId)) === "released" };
}
