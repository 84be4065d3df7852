import "server-only";
import { config } from "../config";
import { defaultSignedUrlSeconds } from "../media/storage";
import { serializeChecklistBlock } from "./checklist-block";
import type { FindingsRead } from "./get-findings";
import type { InspectionStatusRead } from "./get-inspection-status";
import type { VideoRead } from "./get-video";

/** `{app_url}/reports/<inspection_id>`: the report page, behind a sign-in to a seat in the workspace. */
export function reportUrl(inspectionId: string): string {
  return `${config().APP_URL}/reports/${inspectionId}`;
}

function report(read: InspectionStatusRead) {
  if (read.status === "processing") return { status: "processing", stage: "analyzing" };
  if (read.status === "completed") return { status: "ready", report_url: reportUrl(read.inspectionId!) };
  return undefined;
}

/** The spec's Inspection status record; the omit rule drops what does not apply. */
export function serializeInspectionStatus(read: InspectionStatusRead) {
  const completed = read.status === "completed";
  return {
    status: read.status,
    inspection_id: read.inspectionId,
    // Spec: `report` on processing and completed only; the stage is `analyzing` until ready.
    report: report(read),
    report_url: completed ? reportUrl(read.inspectionId!) : undefined,
    completed_at: completed ? read.completedAt?.toISOString() : undefined,
    media_expires_in: read.checklist ? defaultSignedUrlSeconds : undefined,
    checklist: read.checklist ? serializeChecklistBlock(read.checklist) : undefined,
    evidence: read.reuseSuspected === undefined ? undefined : { reuse_suspected: read.reuseSuspected },
  };
}

export function serializeFindings(read: FindingsRead) {
  return {
    inspection_id: read.inspectionId,
    report_url: reportUrl(read.inspectionId),
    media_expires_in: defaultSignedUrlSeconds,
    checklist: read.checklist ? serializeChecklistBlock(read.checklist) : undefined,
    findings: read.findings.map((finding) => ({
      id: finding.id,
      description: finding.description,
      room: finding.room,
      severity: finding.severity,
      category: finding.category,
      // Spec: the one exception to the omit rule; both arrays always present, maybe empty.
      evidence: { before: finding.before.map((url) => ({ url })), after: finding.after.map((url) => ({ url })) },
      video_timestamp_seconds: finding.videoTimestampSeconds,
    })),
  };
}

export function serializeVideo(read: VideoRead) {
  return {
    inspection_id: read.inspectionId,
    download_url: read.downloadUrl,
    expires_at: read.expiresAt.toISOString(),
    media_expires_in: defaultSignedUrlSeconds,
    content_type: read.contentType,
    duration_seconds: Math.round(read.durationSeconds * 1000) / 1000,
    size_bytes: read.sizeBytes,
    recorded_at: read.recordedAt.toISOString(),
  };
}
