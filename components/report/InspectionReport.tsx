import { Logo } from "@/components/ui/Logo";
import { formatVideoTime } from "@/lib/format/dates";
import { pageTranslations } from "@/lib/i18n/messages";
import type { Report } from "@/lib/reports/read-report";
import { ChecklistAttention } from "./ChecklistAttention";
import { ChecklistCompact } from "./ChecklistCompact";
import { ReportFindings } from "./ReportFindings";
import { ReportSummary } from "./ReportSummary";
import { type TimelineFinding, type TimelineTap, type TimelineWords, VideoTimeline } from "./VideoTimeline";

type ReportTranslator = Awaited<ReturnType<typeof pageTranslations<"report">>>;

/** A timeline mark's name for a screen reader and its hover text, worded here for the client island. */
function findingMarkWords(t: ReportTranslator, seconds: number, severity: string, description: string) {
  const values = { time: formatVideoTime(seconds), severity, description };
  return { label: t("video.findingLabel", values), title: t("video.findingTitle", values) };
}

function tapMarkWords(t: ReportTranslator, seconds: number, name: string, state: string) {
  const values = { time: formatVideoTime(seconds), name, state };
  return { label: t("video.tapLabel", values), title: t("video.tapTitle", values) };
}

function timelineWords(t: ReportTranslator): TimelineWords {
  return {
    cannotPlay: t("video.cannotPlay"),
    timeline: t("video.timeline"),
    findings: t("video.findings"),
    taps: t("video.taps"),
    legend: t("video.legend"),
    major: t("severity.MAJOR"),
    moderate: t("severity.MODERATE"),
    minor: t("severity.MINOR"),
    legendDone: t("video.legendDone"),
    legendMissed: t("video.legendMissed"),
  };
}

function timelineOf(report: Report, t: ReportTranslator): { findings: TimelineFinding[]; taps: TimelineTap[] } {
  return {
    findings: report.findings.flatMap((finding) =>
      finding.videoTimestampSeconds === undefined
        ? []
        : [
            {
              id: finding.id,
              seconds: finding.videoTimestampSeconds,
              severity: finding.severity,
              ...findingMarkWords(t, finding.videoTimestampSeconds, finding.severity, finding.description),
            },
          ],
    ),
    taps: (report.checklist?.items ?? []).flatMap((item, index) =>
      item.timestamp === undefined
        ? []
        : [
            {
              key: item.id ?? `tap-${index}`,
              seconds: item.timestamp,
              state: item.state,
              ...tapMarkWords(t, item.timestamp, item.name, item.state),
            },
          ],
    ),
  };
}

/**
 * The report page. On a phone, one column in the order a manager reads it: the verdict and the
 * home, the findings, the checklist items to look at, the video with its timeline, the whole
 * checklist. On a desktop the video sits beside the findings and stays in view, so "Play at"
 * plays it where the reader is looking. Printed, it is one column without the video.
 */
export async function InspectionReport({ report }: { report: Report }) {
  const t = await pageTranslations("report");
  const released = report.status === "completed";
  const playable = report.video !== undefined;
  const { findings, taps } = timelineOf(report, t);
  return (
    <>
      <div className="hidden print:block">
        <Logo />
      </div>
      <ReportSummary report={report} />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_30rem] print:block">
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-1">
          {released && (
            <ReportFindings
              inspectionId={report.inspectionId}
              findings={report.findings}
              lastSeen={report.lastSeen}
              playable={playable}
            />
          )}
          {report.checklist && <ChecklistAttention items={report.checklist.items} playable={playable} />}
        </div>

        {report.video && (
          // `id="video"`: the PDF's "watch the video" link and QR code land here (a signed video link would expire).
          <section
            id="video"
            aria-labelledby="video-title"
            className="flex scroll-mt-4 flex-col gap-3 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 print:hidden"
          >
            <h2 id="video-title" className="text-lg font-semibold text-ink">
              {t("video.heading")}
            </h2>
            <div className="rounded-lg border border-line bg-surface p-3 shadow-card sm:p-4">
              <VideoTimeline
                url={report.video.url}
                contentType={report.video.contentType}
                durationSeconds={report.video.durationSeconds}
                findings={findings}
                taps={taps}
                words={timelineWords(t)}
              />
            </div>
          </section>
        )}

        {report.checklist && (
          <div className="min-w-0 lg:col-start-1 lg:row-start-2 print:mt-8">
            <ChecklistCompact checklist={report.checklist} playable={playable} />
          </div>
        )}
      </div>
      {report.video && <p className="hidden text-sm text-muted print:block">{t("video.printNote")}</p>}
    </>
  );
}
