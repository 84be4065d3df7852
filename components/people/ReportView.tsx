import type { Report } from "@/lib/reports/read-report";
import type { ChecklistItemState, FindingCategory, FindingSeverity } from "@/lib/generated/prisma/enums";
import { PrintButton } from "./PrintButton";
import { SeekButton } from "./SeekButton";
import { formatSeconds, walkthroughVideoId } from "./video-time";
import styles from "@/components/shell/shell.module.css";

const severityLabel: Record<FindingSeverity, string> = { MAJOR: "Major", MODERATE: "Moderate", MINOR: "Minor" };
const categoryLabel: Record<FindingCategory, string> = { damage: "Damage", cleaning: "Cleaning", lost_item: "Lost item" };
// `not_checked` is about the filming, never the cleaner's work: said plainly, not as a failure.
const stateLabel: Record<ChecklistItemState, string> = {
  verified: "Done",
  missed: "Missed",
  explained: "Explained by the cleaner",
  not_checked: "Not checked",
  pending: "Checking…",
};

function dateOf(report: Report): string | undefined {
  return report.task.scheduledDate ?? report.recordedAt?.toISOString().slice(0, 10);
}

function Picture({ url, alt, caption }: { url?: string; alt: string; caption: string }) {
  return (
    <figure>
      {url ? <img src={url} alt={alt} /> : <div className={styles.noPicture}>No picture</div>}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

export function ReportView({ report }: { report: Report }) {
  const released = report.status === "completed";
  const date = dateOf(report);
  return (
    <>
      <section className={styles.card} aria-labelledby="report-title">
        <p className={styles.muted} style={{ margin: 0 }}>
          Inspection report · {report.workspaceName}
        </p>
        <h1 id="report-title" className={styles.title}>
          {report.property.name}
        </h1>
        {report.property.address && <p className={styles.subtitle}>{report.property.address}</p>}
        <p className={styles.subtitle}>{[report.task.name, date].filter(Boolean).join(" · ")}</p>
        {!released && (
          <p className={styles.notice} role="status" style={{ marginTop: 12 }}>
            {report.status === "failed"
              ? "This walkthrough could not be processed into a report."
              : "The report is being prepared. Findings appear here once it is released; checklist results show as they come in."}
          </p>
        )}
        <div className={`${styles.actions} ${styles.noPrint}`} style={{ marginTop: 12 }}>
          <PrintButton />
        </div>
      </section>

      {released && (
        <section className={styles.card} aria-labelledby="summary-title">
          <h2 id="summary-title">Summary</h2>
          <dl className={styles.summary}>
            {(["MAJOR", "MODERATE", "MINOR"] as const).map((severity) => (
              <div key={severity}>
                <dt>{severityLabel[severity]} findings</dt>
                <dd className={styles[severity]}>{report.summary.bySeverity[severity]}</dd>
              </div>
            ))}
            <div>
              <dt>Missed steps</dt>
              <dd>{report.summary.missedSteps}</dd>
            </div>
          </dl>
        </section>
      )}

      {report.video && (
        <section className={styles.card} aria-labelledby="video-title">
          <h2 id="video-title">Walkthrough video</h2>
          <video id={walkthroughVideoId} className={styles.video} controls preload="metadata" playsInline tabIndex={-1}>
            <source src={report.video.url} type={report.video.contentType} />
            Your browser cannot play this video.
          </video>
          <p className={`${styles.muted} ${styles.noPrint}`}>
            Length {formatSeconds(report.video.durationSeconds)}. Use a finding&apos;s play button to jump to where it was seen.
          </p>
          <p className={styles.printOnly}>The walkthrough video is on the report page in Walkthrough.</p>
        </section>
      )}

      {released && (
        <section className={styles.card} aria-labelledby="findings-title">
          <h2 id="findings-title">Findings</h2>
          {report.rooms.length === 0 && <p>Nothing was found in this walkthrough.</p>}
          {report.rooms.map(({ room, findings }) => (
            <section key={room} aria-label={room} style={{ marginBottom: 16 }}>
              <h3 style={{ margin: "12px 0 8px" }}>{room}</h3>
              {findings.map((finding) => (
                <article
                  key={finding.id}
                  className={styles.finding}
                  aria-label={`${severityLabel[finding.severity]} finding in ${room}`}
                >
                  <div className={styles.findingHead}>
                    <span className={`${styles.badge} ${styles[finding.severity]}`}>{severityLabel[finding.severity]}</span>
                    <span className={styles.badge}>{categoryLabel[finding.category]}</span>
                  </div>
                  <p style={{ margin: "4px 0" }}>{finding.description}</p>
                  <div className={styles.pictures}>
                    <Picture url={finding.before[0]} alt={`Before: ${finding.description}`} caption="Before" />
                    <Picture url={finding.after[0]} alt={`After: ${finding.description}`} caption="After" />
                  </div>
                  {finding.videoTimestampSeconds !== undefined && report.video && (
                    <SeekButton seconds={finding.videoTimestampSeconds} subject={finding.description} />
                  )}
                </article>
              ))}
            </section>
          ))}
        </section>
      )}

      {report.checklist && (
        <section className={styles.card} aria-labelledby="checklist-title">
          <h2 id="checklist-title">Checklist</h2>
          <p className={styles.muted}>
            {report.checklist.counts.verified} done · {report.checklist.counts.missed} missed ·{" "}
            {report.checklist.counts.explained} explained · {report.checklist.counts.not_checked} not checked
            {report.checklist.counts.pending > 0 ? ` · ${report.checklist.counts.pending} checking` : ""}
          </p>
          <ul className={styles.items}>
            {report.checklist.items.map((item, index) => (
              <li key={item.id ?? `${item.name}-${index}`}>
                <strong>{item.name}</strong>
                <span className={`${styles.state} ${styles[item.state]}`}>{stateLabel[item.state]}</span>
                {item.state === "explained" && item.reason && <q>{item.reason}</q>}
                {item.imageUrl && (
                  <img className={styles.itemPicture} src={item.imageUrl} alt={`${item.name}: the moment it was filmed`} />
                )}
                {item.timestamp !== undefined && report.video && <SeekButton seconds={item.timestamp} subject={item.name} />}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
