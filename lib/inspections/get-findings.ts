import "server-only";
import { db } from "../db/client";
import type { FindingCategory, FindingSeverity } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";
import { mediaStorage } from "../media/media-storage";
import { type ChecklistBlock, readChecklistBlock } from "./checklist-block";
import type { PartnerInspection } from "./find-partner-inspection";

export interface FindingRead {
  id: string;
  description: string;
  room: string;
  severity: FindingSeverity;
  category: FindingCategory;
  before: string[];
  after: string[];
  videoTimestampSeconds?: number;
}

export interface FindingsRead {
  inspectionId: string;
  checklist?: ChecklistBlock;
  findings: FindingRead[];
}

async function signAll(keys: string[]): Promise<string[]> {
  return Promise.all(keys.map(async (key) => (await mediaStorage().signedUrl(key)).url));
}

/**
 * No report now: `409 report_not_ready` while one can still come (the spec calls it "not
 * permanent"), `404 report_not_available` with the failure reason once the inspection failed, as
 * a failed inspection never gets one and a partner must not poll for it.
 */
function assertReleased(inspection: PartnerInspection): void {
  if (inspection.status === "completed") return;
  if (inspection.status === "failed") {
    throw new ApiError("report_not_available", {
      message: "The inspection failed, so it has no report; do not poll.",
      detail: { reason: inspection.failureReason ?? "other" },
    });
  }
  throw new ApiError("report_not_ready", { message: "The report is not released yet; call again after inspection.completed." });
}

/**
 * `GET /v1/inspections/{id}/findings` (spec): every finding of a released report (accepted ones:
 * not rejected, not waiting for review), in a stable order (by second of the video, then when found), evidence
 * signed afresh.
 */
export async function getFindings(inspection: PartnerInspection): Promise<FindingsRead> {
  assertReleased(inspection);
  const rows = await db().finding.findMany({
    where: { inspectionId: inspection.id, rejected: false, reviewNeeded: false },
    orderBy: [{ videoTimestampSeconds: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
    take: 5000,
  });
  const findings = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      description: row.description,
      room: row.room,
      severity: row.severity,
      category: row.category,
      before: await signAll(row.beforeKeys),
      after: await signAll(row.afterKeys),
      videoTimestampSeconds: row.videoTimestampSeconds ?? undefined,
    })),
  );
  return { inspectionId: inspection.id, checklist: await readChecklistBlock(inspection), findings };
}
