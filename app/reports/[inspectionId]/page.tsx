import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { readReport } from "@/lib/reports/read-report";
import { PageShell } from "@/components/shell/PageShell";
import { ReportView } from "@/components/people/ReportView";
import styles from "@/components/shell/shell.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspection report · Walkthrough" };

export default async function ReportPage({ params }: { params: Promise<{ inspectionId: string }> }) {
  const { inspectionId } = await params;
  const person = await requirePerson(`/reports/${encodeURIComponent(inspectionId)}`);
  const report = await readReport(inspectionId, person.id);
  if (report === undefined) {
    // The same page for an inspection that does not exist and one of another workspace.
    return (
      <PageShell person={person} narrow>
        <section className={styles.card} aria-labelledby="no-access">
          <h1 id="no-access" className={styles.title}>
            No access
          </h1>
          <p>You are signed in as {person.email}, which has no access to this page.</p>
          <p>If you expected to see it, ask the owner of your workspace to invite this address.</p>
          <p>
            <a href="/home">Go to your inspections</a>
          </p>
        </section>
      </PageShell>
    );
  }
  return (
    <PageShell person={person}>
      <ReportView report={report} />
    </PageShell>
  );
}
