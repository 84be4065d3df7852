import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { releaseIfReady } from "../inspections/release-report";

export type StaffVerdict = "verified" | "missed" | "not_checked";

/**
 * Staff decide an item, as a remote inspector would: its state from now on, kept apart from the
 * provider's verdict (agreement statistics). A decision may replace an earlier one until the
 * report is released. When nothing else waits for staff, the report is released.
 */
export async function decideItem(inspectionId: string, itemId: string, state: StaffVerdict): Promise<{ released: boolean }> {
  const inspection = await db().inspection.findUnique({ where: { id: inspectionId }, select: { status: true } });
  if (!inspection) throw new ApiError("not_found", { message: "No such inspection." });
  if (inspection.status !== "processing")
    throw new ApiError("invalid_request", {
      message: `The inspection is ${inspection.status}: its items are final.`,
      detail: { parameter: "inspection" },
    });
  const { count } = await db().inspectionItem.updateMany({
    where: { inspectionId, itemId },
    data: { state, staffState: state, decidedBy: "staff", reviewNeeded: false, recheckUntil: null, updatedAt: new Date() },
  });
  if (count === 0)
    throw new ApiError("not_found", { message: "This walkthrough has no result for that item.", detail: { parameter: "item" } });
  return { released: (await releaseIfReady(inspectionId)) === "released" };
}
