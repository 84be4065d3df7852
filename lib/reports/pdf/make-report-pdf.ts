import "server-only";
import { WeightedSemaphore } from "../../concurrency/weighted-semaphore";
import { ApiError } from "../../errors/api-error";
import { formatDateTime, formatDay, formatDuration } from "../../format/dates";
import type { FindingSeverity } from "../../generated/prisma/enums";
import { reportUrl } from "../../inspections/serializers";
import { itemStateLabel } from "../../labels/labels";
import { processSingleton } from "../../process-state";
import { readReport, readReportUnchecked, type Report } from "../read-report";
import { verdictOf, verdictReason } from "../verdict";
import { type PdfFinding, type ReportPdfData, renderReportPdf } from "./report-document";
import { findingPictureKeys, pictureLoader } from "./report-pictures";

/*
 * `GET /reports/<inspection_id>/pdf`: the report page's content as a PDF, for the same people
 * (lib/reports/read-report.ts decides who). Made only for a released report: before release there
 * is no verdict to print, so it answers 409 report_not_ready (and a failed inspection, which
 * never gets a report, 404 report_not_available), as the partner API's findings read does.
 */

// Two at a time per process: each holds its pictures (up to 48 MB) while react-pdf lays out.
export const renders = () => processSingleton("reports:pdf-renders", () => new WeightedSemaphore(2));

const severityRank: Record<FindingSeverity, number> = { MAJOR: 0, MODERATE: 1, MINOR: 2 };

/** The zone asked for when it is one Intl knows; otherwise UTC, which the PDF then names. */
export function readerZone(asked: string | undefined): string {
  if (asked) {
    try {
      return new Intl.DateTimeFormat("en", { timeZone: asked }).resolvedOptions().timeZone;
    } catch {
      // An unknown zone reads as UTC, said so on the page.
    }
  }
  return "UTC";
}

/** "Seaview Cottage 2026-11-25.pdf": the home and the day, as a file a person finds again. */
export function reportFileName(homeName: string, day: Date, timeZone: string, kind = "inspection"): string {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(day);
  const home =
    homeName
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 80) || "Home";
  return `${home} ${kind} ${date}.pdf`;
}

async function pdfDataOf(report: Report, timeZone: string): Promise<ReportPdfData> {
  const zone = { timeZone };
  const keys = await findingPictureKeys(report.inspectionId);
  const load = pictureLoader();
  const shown = report.rooms
    .flatMap(({ findings }) => findings)
    .sort(
      (a, b) =>
        severityRank[a.severity] - severityRank[b.severity] ||
        (a.videoTimestampSeconds ?? Infinity) - (b.videoTimestampSeconds ?? Infinity),
    );
  const findings: PdfFinding[] = await Promise.all(
    shown.map(async (finding) => ({
      severity: finding.severity,
      category: finding.category,
      room: finding.room,
      description: finding.description,
      atSeconds: finding.videoTimestampSeconds,
      after: await load(keys.get(finding.id)?.after),
      before: await load(keys.get(finding.id)?.before),
    })),
  );
  const verdictInput = { bySeverity: report.summary.bySeverity, missedItems: report.summary.missedSteps };
  const url = reportUrl(report.inspectionId);
  return {
    homeName: report.property.name,
    address: report.property.address,
    workspaceName: report.workspaceName,
    taskName: report.task.name,
    scheduledDay: report.task.scheduledDate ? formatDay(new Date(report.task.scheduledDate), { timeZone: "UTC" }) : undefined,
    recordedAt: report.recordedAt ? formatDateTime(report.recordedAt, zone, true) : undefined,
    duration: report.video ? formatDuration(report.video.durationSeconds) : undefined,
    verdict: verdictOf(verdictInput),
    verdictReason: verdictReason(verdictInput),
    findings,
    checklist: (report.checklist?.items ?? []).map((item) => ({
      name: item.name,
      state: item.state,
      stateLabel: itemStateLabel[item.state],
      reason: item.reason,
    })),
    reportUrl: url,
    // The page's video section: a signed media link would stop working within the hour.
    videoUrl: report.video ? `${url}#video` : undefined,
    madeAt: formatDateTime(new Date(), zone, true),
  };
}

export interface ReportPdf {
  bytes: Buffer;
  fileName: string;
}

export async function makeReportPdf(inspectionId: string, userId: string, askedZone?: string): Promise<ReportPdf> {
  const report = await readReport(inspectionId, userId);
  // No such inspection and no access read the same, as on the page.
  if (report === undefined) throw new ApiError("not_found", { message: "No such report." });
  if (report.status === "failed")
    throw new ApiError("report_not_available", { message: "This walkthrough could not be analysed, so it has no report." });
  if (report.status !== "completed")
    throw new ApiError("report_not_ready", { message: "The report is not ready yet. Try again once it is released." });
  const timeZone = readerZone(askedZone);
  const bytes = await renders().run(1, async () => renderReportPdf(await pdfDataOf(report, timeZone)));
  const day = report.recordedAt ?? report.completedAt ?? new Date();
  return { bytes, fileName: reportFileName(report.property.name, day, timeZone) };
}

/**
 * The same PDF for the evidence packet (lib/evidence/packet.ts), whose signed link is its access:
 * in UTC, which it names; undefined when the report is not released.
 */
export async function makePacketReportPdf(inspectionId: string): Promise<Buffer | undefined> {
  const report = await readReportUnchecked(inspectionId);
  if (report?.status !== "completed") return undefined;
  return renders().run(1, async () => renderReportPdf(await pdfDataOf(report, "UTC")));
}
