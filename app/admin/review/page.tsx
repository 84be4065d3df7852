import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { PageShell } from "@/components/shell/PageShell";
import styles from "@/components/shell/shell.module.css";
import { consolePage } from "@/lib/consoles/console-page";
import { reviewQueue } from "@/lib/consoles/review-operations";
import { reviewOverdueHours } from "@/lib/review/list-review-queue";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review · Walkthrough admin" };

const overdueTitle = `Sealed more than ${reviewOverdueHours} hours ago: released after 2 days, the report still completes but the partner gets no inspection.completed.`;

const rate = (agreed: number, of: number) => (of === 0 ? "—" : `${Math.round((agreed / of) * 100)} %`);

export default async function ReviewQueuePage() {
  const access = await consolePage("/admin/review", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const { queue, stats } = await reviewQueue();
  return (
    <PageShell person={access.person} links={staffLinks}>
      <h1 className={styles.title}>Review</h1>
      <section className={styles.card} aria-labelledby="queue-title">
        <h2 id="queue-title">Waiting for staff</h2>
        <p className={styles.muted}>
          Oldest seal first. A report released more than 2 days after its seal still completes, but the partner gets no
          inspection.completed: see to the ones flagged over {reviewOverdueHours} h first.
        </p>
        {queue.length === 0 ? (
          <p>Nothing waits: every sealed walkthrough is released or failed.</p>
        ) : (
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">Sealed</th>
                <th scope="col">Workspace</th>
                <th scope="col">Task</th>
                <th scope="col">Items waiting</th>
                <th scope="col">Findings waiting</th>
              </tr>
            </thead>
            <tbody>
              {queue.map((entry) => (
                <tr key={entry.inspectionId}>
                  <td data-label="Sealed">
                    <a href={`/admin/review/${entry.inspectionId}`}>{entry.sealedAt.slice(0, 16).replace("T", " ")}</a>
                    {entry.overdue && (
                      <>
                        {" "}
                        <span className={`${styles.badge} ${styles.MAJOR}`} title={overdueTitle}>
                          {`Over ${reviewOverdueHours} h`}
                        </span>
                      </>
                    )}
                  </td>
                  <td data-label="Workspace">{entry.workspaceId}</td>
                  <td data-label="Task">{entry.taskId}</td>
                  <td data-label="Items waiting">{entry.pendingItems}</td>
                  <td data-label="Findings waiting">{entry.pendingFindings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className={styles.card} aria-labelledby="agreement-title">
        <h2 id="agreement-title">Agreement with the provider</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Provider said</th>
              <th scope="col">Decided by staff</th>
              <th scope="col">Staff agreed</th>
            </tr>
          </thead>
          <tbody>
            {stats.items.map((row) => (
              <tr key={row.providerState}>
                <td>{row.providerState}</td>
                <td>{row.decided}</td>
                <td>{rate(row.agreed, row.decided)}</td>
              </tr>
            ))}
            {stats.findings.map((row) => (
              <tr key={`finding-${row.category}`}>
                <td>finding: {row.category}</td>
                <td>{row.reviewed}</td>
                <td>{rate(row.accepted, row.reviewed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {stats.items.length + stats.findings.length === 0 && <p>No verdicts decided by staff yet.</p>}
        <p className={styles.muted}>
          Provider calls: {stats.usage.calls} ({stats.usage.failed} failed), {stats.usage.images} images.
        </p>
      </section>
    </PageShell>
  );
}
