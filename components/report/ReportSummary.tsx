import { CircleCheck, CircleX, FileArchive, Hourglass, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import { LocalTime } from "@/components/ui/LocalTime";
import { formatDuration } from "@/lib/format/dates";
import { pageLocale, pageTranslations } from "@/lib/i18n/messages";
import type { Report } from "@/lib/reports/read-report";
import type { Verdict, VerdictInput } from "@/lib/reports/verdict";
import { DownloadPdfButton } from "./DownloadPdfButton";
import { PrintButton } from "./PrintButton";

const verdictLook: Record<Verdict, { icon: LucideIcon; box: string; text: string }> = {
  ready: { icon: CircleCheck, box: "border-success-line bg-success-soft", text: "text-success" },
  check: { icon: TriangleAlert, box: "border-warning-line bg-warning-soft", text: "text-warning" },
  not_ready: { icon: CircleX, box: "border-danger-line bg-danger-soft", text: "text-danger" },
};

/** Before release there is nothing to judge: what is happening instead, said plainly. */
async function NoVerdictYet({ status }: { status: Exclude<Report["status"], "completed"> }) {
  const t = await pageTranslations("report.unreleased");
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border p-4 sm:p-5",
        status === "failed" ? "border-danger-line bg-danger-soft" : "border-line bg-subtle",
      )}
    >
      {status === "failed" ? (
        <CircleX aria-hidden className="mt-1 size-6 shrink-0 text-danger" />
      ) : (
        <Hourglass aria-hidden className="mt-1 size-6 shrink-0 text-muted" />
      )}
      <div>
        <p className="text-xl font-semibold text-ink">{t(`${status}.title`)}</p>
        <p className="mt-1 text-sm text-ink-soft">{t(`${status}.detail`)}</p>
      </div>
    </div>
  );
}

/** The answer first: the verdict in words and colour, and why. */
type VerdictTranslator = Awaited<ReturnType<typeof pageTranslations<"report.verdict">>>;

/**
 * Why, in a few words: "1 major finding", "2 moderate findings and 1 missed item", "Nothing needs
 * attention" (the page's words for lib/reports/verdict.ts `verdictReason`, which the PDF and mail keep).
 */
function reasonOf(t: VerdictTranslator, { bySeverity, missedItems }: VerdictInput): string {
  const parts = [
    bySeverity.MAJOR > 0 ? t("reason.major", { count: bySeverity.MAJOR }) : undefined,
    bySeverity.MODERATE > 0 ? t("reason.moderate", { count: bySeverity.MODERATE }) : undefined,
    missedItems > 0 ? t("reason.missed", { count: missedItems }) : undefined,
  ].filter((part) => part !== undefined);
  const [first, second, third] = parts;
  if (first === undefined) return bySeverity.MINOR > 0 ? t("reason.onlyMinor", { count: bySeverity.MINOR }) : t("reason.nothing");
  if (second === undefined) return first;
  return third === undefined ? t("reason.two", { first, second }) : t("reason.three", { first, second, third });
}

async function VerdictPanel({ verdict, report }: { verdict: Verdict; report: Report }) {
  const t = await pageTranslations("report.verdict");
  const look = verdictLook[verdict];
  const Icon = look.icon;
  return (
    <div className={cn("flex gap-3 rounded-lg border p-4 sm:p-5", look.box)}>
      <Icon aria-hidden className={cn("mt-0.5 size-8 shrink-0", look.text)} />
      <div>
        <p className="text-sm font-medium text-ink-soft">{t("question")}</p>
        <p className={cn("text-2xl font-bold tracking-tight sm:text-3xl", look.text)}>{t(verdict)}</p>
        <p className="mt-1 text-ink-soft">
          {reasonOf(t, { bySeverity: report.summary.bySeverity, missedItems: report.summary.missedSteps })}
        </p>
      </div>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

/** A count that is zero reads quietly; one that is not carries its own colour. */
function Counter({ count, label, tone }: { count: number; label: string; tone: string }) {
  return (
    <li className={cn("flex items-baseline gap-1.5", count === 0 ? "text-muted" : "text-ink")}>
      <span className={cn("text-lg font-semibold tabular-nums", count > 0 && tone)}>{count}</span>
      <span className="text-sm">{label}</span>
    </li>
  );
}

/**
 * The top of the report: the verdict, then the home and the walkthrough (task, day, when it was
 * recorded, how long it took), the counts, and the PDF and print actions.
 */
export async function ReportSummary({ report }: { report: Report }) {
  const t = await pageTranslations("report.summary");
  const locale = await pageLocale();
  const { bySeverity, missedSteps } = report.summary;
  return (
    <section
      aria-labelledby="report-title"
      className="grid gap-5 rounded-xl border border-line bg-surface p-4 shadow-card sm:p-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8"
    >
      <div className="flex flex-col gap-4">
        {report.verdict ? (
          <VerdictPanel verdict={report.verdict} report={report} />
        ) : (
          report.status !== "completed" && <NoVerdictYet status={report.status} />
        )}
        {report.status === "completed" && (
          <ul className="flex flex-wrap gap-x-5 gap-y-1" aria-label={t("counts")}>
            <Counter count={bySeverity.MAJOR} label={t("major", { count: bySeverity.MAJOR })} tone="text-severity-major" />
            <Counter
              count={bySeverity.MODERATE}
              label={t("moderate", { count: bySeverity.MODERATE })}
              tone="text-severity-moderate"
            />
            <Counter count={bySeverity.MINOR} label={t("minor", { count: bySeverity.MINOR })} tone="text-severity-minor" />
            <Counter count={missedSteps} label={t("missed", { count: missedSteps })} tone="text-warning" />
          </ul>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <p className="text-sm font-medium text-muted">{t("kind")}</p>
          <h1 id="report-title" className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            {report.property.name}
          </h1>
          {report.property.address && <p className="mt-0.5 text-ink-soft">{report.property.address}</p>}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
          {report.task.name && <Fact term={t("task")}>{report.task.name}</Fact>}
          {report.task.scheduledDate && (
            <Fact term={t("scheduled")}>
              <LocalTime date={report.task.scheduledDate} mode="day" />
            </Fact>
          )}
          {report.recordedAt && (
            <Fact term={t("recorded")}>
              <LocalTime date={report.recordedAt} />
            </Fact>
          )}
          {report.walkthroughSeconds !== undefined && (
            <Fact term={t("took")}>{formatDuration(report.walkthroughSeconds, locale)}</Fact>
          )}
          <Fact term={t("workspace")}>{report.workspaceName}</Fact>
        </dl>
        {report.evidence?.reuse[0] && (
          // The most similar walkthrough (the record lists them most similar first).
          <Notice tone="warning" title={t("reuseTitle")}>
            {t("reuseDetail", { percent: Math.round(report.evidence.reuse[0].similarity * 100) })}
          </Notice>
        )}
        <div className="flex flex-wrap gap-2 print:hidden">
          {report.status === "completed" && <DownloadPdfButton inspectionId={report.inspectionId} label={t("downloadPdf")} />}
          {report.evidence && (
            // The route checks the reader and sends them on to a freshly signed packet link.
            <a
              href={`/reports/${encodeURIComponent(report.inspectionId)}/evidence`}
              className={buttonVariants({ variant: "secondary" })}
            >
              <FileArchive aria-hidden />
              {t("downloadEvidence")}
            </a>
          )}
          <PrintButton label={t("print")} />
        </div>
      </div>
    </section>
  );
}
