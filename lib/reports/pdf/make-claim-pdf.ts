import "server-only";
import { config } from "../../config";
import { db } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { jwksPath } from "../../evidence/jwks";
import { type PartsInPacket, partsInPacket } from "../../evidence/verify-text";
import { objectSha256 } from "../../evidence/object-digest";
import type { ReportRecord } from "../../evidence/report-record";
import { formatDateTime, formatDay, formatVideoTime } from "../../format/dates";
import { reportUrl } from "../../inspections/serializers";
import { categoryLabel, severityLabel } from "../../labels/labels";
import { readReport } from "../read-report";
import { type ClaimHash, type ClaimPdfData, renderClaimPdf } from "./claim-document";
import { readerZone, renders, type ReportPdf, reportFileName } from "./make-report-pdf";
import { pictureLoader } from "./report-pictures";

/*
 * `GET /reports/<inspection_id>/findings/<finding_id>/claim`: one finding's claim summary as a
 * PDF, for the people who may read the report, once it is released (as the report's PDF).
 */

/** A compact JWS's payload, or undefined when it is not one. */
function payloadOf<T>(jws: string | undefined): T | undefined {
  try {
    return jws ? (JSON.parse(Buffer.from(jws.split(".")[1]!, "base64url").toString("utf8")) as T) : undefined;
  } catch {
    return undefined;
  }
}

async function recordsOf(inspectionId: string) {
  const rows = await db().evidenceRecord.findMany({ where: { inspectionId }, select: { kind: true, jws: true, sha256: true } });
  return { recording: rows.find((row) => row.kind === "recording"), report: rows.find((row) => row.kind === "report") };
}

async function pictureHashes(keys: string[], label: string, folder: string): Promise<ClaimHash[]> {
  const hashes: ClaimHash[] = [];
  for (const [index, key] of keys.entries()) {
    const sha256 = await objectSha256(key);
    if (!sha256) continue;
    const name = keys.length > 1 ? `${label} ${index + 1}` : label;
    hashes.push({ label: name, file: `${folder}/${sha256}.jpg`, sha256 });
  }
  return hashes;
}

/** What the walkthrough's packet carries of the phone's parts, by the packet's own rule. */
async function partsKept(inspectionId: string): Promise<PartsInPacket> {
  const inspection = await db().inspection.findUniqueOrThrow({
    where: { id: inspectionId },
    select: { mediaDeletedAt: true, video: { select: { originalsKept: true } } },
  });
  return partsInPacket(inspection.mediaDeletedAt, inspection.video?.originalsKept ?? false);
}

function foundBy(source: "provider" | "staff", model: string | null | undefined, reviewed: boolean): string {
  if (source === "staff") return "Added by the service's review staff.";
  const by = model ? `Found by the AI analysis (${model})` : "Found by the AI analysis";
  return reviewed ? `${by}, checked by the service's review staff.` : `${by}.`;
}

export async function makeClaimPdf(
  inspectionId: string,
  findingId: string,
  userId: string,
  askedZone?: string,
): Promise<ReportPdf> {
  const report = await readReport(inspectionId, userId);
  if (report === undefined) throw new ApiError("not_found", { message: "No such report." });
  if (report.status === "failed")
    throw new ApiError("report_not_available", { message: "This walkthrough could not be analysed, so it has no report." });
  if (report.status !== "completed")
    throw new ApiError("report_not_ready", { message: "The report is not ready yet. Try again once it is released." });
  // Only a finding the report shows has a claim summary.
  const shown = report.findings.find((finding) => finding.id === findingId);
  if (!shown) throw new ApiError("not_found", { message: "No such finding in this report." });
  const row = await db().finding.findUniqueOrThrow({ where: { id: findingId } });

  const timeZone = readerZone(askedZone);
  const zone = { timeZone };
  const records = await recordsOf(inspectionId);
  const lastSeen = report.lastSeen.get(findingId);
  const earlierRecords = lastSeen ? await recordsOf(lastSeen.inspectionId) : undefined;
  const signedFinding = payloadOf<ReportRecord>(records.report?.jws)?.findings.find((entry) => entry.finding_id === findingId);
  const recording = payloadOf<{ video?: { sha256?: string }; parts?: unknown[] }>(records.recording?.jws);
  const video = recording?.video;
  const partCount = recording?.parts?.length ?? 0;

  const hashes: ClaimHash[] = [
    ...(await pictureHashes(row.afterKeys, "After picture", "findings/after")),
    ...(await pictureHashes(row.beforeKeys, "Before picture", "findings/before")),
    ...(video?.sha256 ? [{ label: "The walkthrough's video", file: "video/walkthrough.mp4", sha256: video.sha256 }] : []),
    ...(records.recording
      ? [{ label: "Recording record (signed at the seal)", file: "recording-record.jws", sha256: records.recording.sha256 }]
      : []),
    ...(records.report
      ? [{ label: "Report record (signed at release)", file: "report-record.jws", sha256: records.report.sha256 }]
      : []),
    ...(earlierRecords?.recording
      ? [
          {
            label: "Recording record of the walkthrough it was last seen undamaged in",
            file: "recording-record.jws, in that walkthrough's own packet",
            sha256: earlierRecords.recording.sha256,
          },
        ]
      : []),
  ];

  const load = pictureLoader();
  const data: ClaimPdfData = {
    homeName: report.property.name,
    address: report.property.address,
    workspaceName: report.workspaceName,
    severity: shown.severity,
    severityLabel: severityLabel[shown.severity],
    categoryLabel: categoryLabel[shown.category],
    room: shown.room,
    description: shown.description,
    atVideo:
      shown.videoTimestampSeconds === undefined ? undefined : `at ${formatVideoTime(shown.videoTimestampSeconds)} in the video`,
    foundBy: foundBy(
      row.source,
      signedFinding?.source.kind === "provider" ? signedFinding.source.model : undefined,
      row.reviewedAt !== null,
    ),
    inspectionId,
    foundAt: report.recordedAt ? formatDateTime(report.recordedAt, zone, true) : undefined,
    lastSeen: lastSeen && { inspectionId: lastSeen.inspectionId, recordedAt: formatDateTime(lastSeen.recordedAt, zone, true) },
    stays: lastSeen?.stays?.map((stay) => ({
      reservationId: stay.reservation_id,
      checkIn: formatDay(new Date(stay.check_in), { timeZone: "UTC" }),
      checkOut: formatDay(new Date(stay.check_out), { timeZone: "UTC" }),
    })),
    before: await load(row.beforeKeys[0]),
    after: await load(row.afterKeys[0]),
    hashes,
    uploadedParts: partCount > 0 ? { count: partCount, inPacket: await partsKept(inspectionId) } : undefined,
    reportUrl: reportUrl(inspectionId),
    verifyUrl: `${config().APP_URL}/verify`,
    jwksUrl: `${config().APP_URL}${jwksPath}`,
    madeAt: formatDateTime(new Date(), zone, true),
  };
  const bytes = await renders().run(1, () => renderClaimPdf(data));
  const day = report.recordedAt ?? report.completedAt ?? new Date();
  return { bytes, fileName: reportFileName(report.property.name, day, timeZone, "claim summary") };
}
