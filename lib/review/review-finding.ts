import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { releaseIfReady } from "../inspections/release-report";
import type { StaffDecisionOptions } from "./decide-item";

/** Staff accept a provider finding that waited for review (it shows on the report) or reject it (it never does). */
export async function reviewFinding(
  findingId: string,
  accept: boolean,
  { releaseWhenDone }: StaffDecisionOptions,
): Promise<{ inspectionId: string; released: boolean }> {
  const finding = await db().finding.findUnique({
    where: { id: findingId },
    select: { inspectionId: true, inspection: { select: { status: true } } },
  });
  if (!finding) throw new ApiError("not_found", { message: "No such finding." });
  if (finding.inspection.status === "completed" && !accept) {
    // A released finding's id is already with the partner: it stays (spec: ids are stable).
    throw new ApiError("invalid_request", {
      message: "The report is released: its findings are final.",
      detail: { parameter: "finding" },
    });
  }
  await db().finding.update({
    where: { id: findingId },
    data: { reviewNeeded: false, rejected: !accept, reviewedAt: new Date() },
  });
  const released = releaseWhenDone && (await releaseIfReady(finding.inspectionId)) === "released";
  return { inspectionId: finding.inspectionId, released };
}
