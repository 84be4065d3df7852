import "server-only";
import { config } from "../config";
import type { Tx } from "../db/client";
import { objectSha256 } from "./object-digest";
import { queueStamp } from "./stamp-record";
import { signRecord, type SignedRecord } from "./sign-record";

/*
 * The report record (issue 27): signed in the release's own transaction, naming the recording
 * record it follows by that record's SHA-256. Pictures appear by digest only; words the
 * provider wrote are marked as the provider's.
 */

type BeforeOrigin =
  | { kind: "baseline_photo" }
  | { kind: "tour" }
  | { kind: "previous_inspection"; inspection_id: string; recorded_at: string | null }
  | { kind: "unknown" };

export interface ReportRecord {
  record: "report";
  version: 1;
  inspection_id: string;
  released_at: string;
  recording_record_sha256: string | null;
  checklist: {
    checklist_item_id: string;
    name: string;
    state: string;
    decided_by: string | null;
    timestamp_seconds: number | null;
    cleaner_reason: string | null;
    provider_rationale: string | null;
    /** The item's picture as released (a frame of the video, scaled only); absent when it has none. */
    picture_sha256?: string;
  }[];
  findings: {
    finding_id: string;
    room: string;
    description: string;
    /** Who wrote `room` and `description`: the provider's words are the provider's. */
    text_by: "provider" | "staff";
    severity: string;
    category: string;
    video_timestamp_seconds: number | null;
    source: { kind: "provider"; model: string | null; confidence: number | null } | { kind: "staff" };
    after: { sha256: string | null }[];
    before: { sha256: string | null; origin: BeforeOrigin }[];
  }[];
}

/** Where a before picture came from, by the row that stored it. */
async function originOf(tx: Tx, key: string): Promise<BeforeOrigin> {
  if (await tx.baselinePhoto.findFirst({ where: { storageKey: key }, select: { id: true } })) return { kind: "baseline_photo" };
  if (await tx.tourImage.findFirst({ where: { storageKey: key }, select: { id: true } })) return { kind: "tour" };
  const still = await tx.inspectionItem.findFirst({ where: { stillKey: key }, select: { inspectionId: true } });
  if (still) {
    const video = await tx.inspectionVideo.findUnique({
      where: { inspectionId: still.inspectionId },
      select: { recordedAt: true },
    });
    return {
      kind: "previous_inspection",
      inspection_id: still.inspectionId,
      recorded_at: video?.recordedAt.toISOString() ?? null,
    };
  }
  return { kind: "unknown" };
}

/** Signs and stores the report record, once, in the release's transaction (the row lock is held). */
export async function signReportRecord(tx: Tx, inspectionId: string, releasedAt: Date): Promise<SignedRecord> {
  const existing = await tx.evidenceRecord.findUnique({ where: { inspectionId_kind: { inspectionId, kind: "report" } } });
  if (existing) return { jws: existing.jws, sha256: existing.sha256 };
  const inspection = await tx.inspection.findUniqueOrThrow({ where: { id: inspectionId }, select: { propertyId: true } });
  const recording = await tx.evidenceRecord.findUnique({ where: { inspectionId_kind: { inspectionId, kind: "recording" } } });
  const items = await tx.inspectionItem.findMany({ where: { inspectionId }, orderBy: { position: "asc" } });
  const findings = await tx.finding.findMany({
    where: { inspectionId, rejected: false, reviewNeeded: false },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const model = config().ANALYSIS_MODEL ?? null;
  const record: ReportRecord = {
    record: "report",
    version: 1,
    inspection_id: inspectionId,
    released_at: releasedAt.toISOString(),
    recording_record_sha256: recording?.sha256 ?? null,
    checklist: [],
    findings: [],
  };
  for (const item of items) {
    const picture = item.stillKey ? await objectSha256(item.stillKey) : null;
    record.checklist.push({
      checklist_item_id: item.itemId,
      name: item.name,
      state: item.state,
      decided_by: item.decidedBy,
      timestamp_seconds: item.timestampSeconds,
      cleaner_reason: item.reason,
      provider_rationale: item.providerRationale,
      ...(picture ? { picture_sha256: picture } : {}),
    });
  }
  for (const finding of findings) {
    record.findings.push({
      finding_id: finding.id,
      room: finding.room,
      description: finding.description,
      text_by: finding.source,
      severity: finding.severity,
      category: finding.category,
      video_timestamp_seconds: finding.videoTimestampSeconds,
      source: finding.source === "provider" ? { kind: "provider", model, confidence: finding.confidence } : { kind: "staff" },
      after: await Promise.all(finding.afterKeys.map(async (key) => ({ sha256: await objectSha256(key) }))),
      before: await Promise.all(
        finding.beforeKeys.map(async (key) => ({ sha256: await objectSha256(key), origin: await originOf(tx, key) })),
      ),
    });
  }
  const signed = await signRecord(tx, record);
  await tx.evidenceRecord.create({ data: { inspectionId, kind: "report", propertyId: inspection.propertyId, ...signed } });
  await queueStamp(tx, inspectionId, "report");
  return signed;
}
