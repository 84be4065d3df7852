import "server-only";
import { db, type Tx } from "../db/client";
import { signReportRecord } from "../evidence/report-record";
import { ApiError } from "../errors/api-error";
import { countUnfinishedJobs } from "../queue/unfinished-jobs";
import { recordInspectionEvents } from "../webhooks/record-event";
import { recordCompletedEvent } from "./completed-event";
import { settleDelivery } from "./delivery";
import type { FailReason } from "./failure-reasons";

export type ReleaseOutcome = "released" | "waiting" | "already";

/**
 * What still holds the report back: items and findings waiting for staff, and findings staff added
 * that the worker is still cutting from the video (released before it, the finding would be refused
 * as final and lost).
 */
async function waitingForStaff(tx: Tx, inspectionId: string): Promise<{ items: number; findings: number; beingMade: number }> {
  const [items, findings, beingMade] = await Promise.all([
    tx.inspectionItem.count({ where: { inspectionId, reviewNeeded: true } }),
    tx.finding.count({ where: { inspectionId, reviewNeeded: true, rejected: false } }),
    countUnfinishedJobs(tx, "add-staff-finding", "inspectionId", inspectionId),
  ]);
  return { items, findings, beingMade };
}

/**
 * Releases the report once analysis is done and nothing waits for staff (spec, Inspection
 * status: `completed` means the report is ready; `report.status: ready` with it). An item being
 * re-checked (`not_checked` within its 24 hours) does not hold the report: the block shows it
 * `in_progress` meanwhile. Under the inspection's row lock, so two releases make one. However long
 * staff took, the release completes it; past 2 days after the seal it sends no event
 * (lib/inspections/completed-event.ts). The report record is signed in the same transaction
 * (lib/evidence/report-record.ts).
 */
export async function releaseIfReady(inspectionId: string): Promise<ReleaseOutcome> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string; analyzed_at: Date | null }[]>`
      SELECT status, analyzed_at FROM inspection WHERE id = ${inspectionId}::uuid FOR UPDATE`;
    if (!row || row.status !== "processing") return "already";
    if (!row.analyzed_at) return "waiting";
    const waiting = await waitingForStaff(tx, inspectionId);
    if (waiting.items > 0 || waiting.findings > 0 || waiting.beingMade > 0) return "waiting";
    const completedAt = new Date();
    await tx.inspection.update({ where: { id: inspectionId }, data: { status: "completed", completedAt } });
    await signReportRecord(tx, inspectionId, completedAt);
    await settleDelivery(tx, inspectionId);
    await recordCompletedEvent(tx, inspectionId);
    return "released";
  });
}

/**
 * Staff release the report (`npm run admin -- review release`): refused while an item is still
 * `pending` or a finding waits for review, as staff must decide them first.
 */
export async function releaseReport(inspectionId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status FROM inspection WHERE id = ${inspectionId}::uuid FOR UPDATE`;
    if (!row) throw new ApiError("not_found", { message: "No such inspection." });
    if (row.status === "completed") return;
    if (row.status !== "processing")
      throw new ApiError("report_not_ready", {
        message: `The inspection is ${row.status}; only a sealed walkthrough's report can be released.`,
      });
    const pending = await tx.inspectionItem.count({ where: { inspectionId, state: "pending" } });
    const { findings, beingMade } = await waitingForStaff(tx, inspectionId);
    if (pending > 0 || findings > 0) {
      throw new ApiError("report_not_ready", {
        message: `Decide every pending item (${pending}) and finding waiting for review (${findings}) first.`,
        detail: { pending_items: pending, pending_findings: findings },
      });
    }
    if (beingMade > 0) {
      throw new ApiError("report_not_ready", {
        message: "A finding you added is still being cut from the video. Release again in a few seconds.",
        detail: { findings_being_made: beingMade },
      });
    }
    const completedAt = new Date();
    await tx.inspection.update({
      where: { id: inspectionId },
      data: { status: "completed", completedAt, analyzedAt: completedAt },
    });
    await signReportRecord(tx, inspectionId, completedAt);
    await settleDelivery(tx, inspectionId);
    await recordCompletedEvent(tx, inspectionId);
  });
}

/**
 * Ends an inspection `failed` with a reason (spec: `inspection.failed` instead of `completed`); a
 * released one stays released. In the caller's transaction when given one.
 */
export async function failInspection(inspectionId: string, reason: FailReason, within?: Tx): Promise<boolean> {
  const fail = async (tx: Tx) => {
    const { count } = await tx.inspection.updateMany({
      where: { id: inspectionId, status: { in: ["recording", "processing"] } },
      data: { status: "failed", failureReason: reason, failedAt: new Date() },
    });
    if (count > 0) await recordInspectionEvents(tx, [inspectionId], "inspection.failed");
    return count > 0;
  };
  return within ? fail(within) : db().$transaction(fail);
}
