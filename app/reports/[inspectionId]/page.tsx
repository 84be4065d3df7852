import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { readReport } from "@/lib/reports/read-report";
import { Card } from "@/components/ui/Card";
import { PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";
import { InspectionReport } from "@/components/report/InspectionReport";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspection report · Walkthrough" };

export default async function ReportPage({ params }: { params: Promise<{ inspectionId: string }> }) {
  const { inspectionId } = await params;
  const person = await requirePerson(`/reports/${encodeURIComponent(inspectionId)}`);
  const report = await readReport(inspectionId, person.id);
  if (report === undefined) {
    // The same page for an inspection that does not exist and one of another workspace.
    return (
      <PageShell person={person} width="narrow">
        <Card aria-labelledby="no-access">
          <h1 id="no-access" className="text-xl font-semibold text-ink">
            No access
          </h1>
          <div className="mt-2 flex flex-col gap-2 text-ink-soft">
            <p>You are signed in as {person.email}, which has no access to this page.</p>
            <p>If you expected to see it, ask the owner of your workspace to invite this address.</p>
            <p>
              <TextLink href="/home">Go to your inspections</TextLink>
            </p>
          </div>
        </Card>
      </PageShell>
    );
  }
  return (
    <PageShell person={person} width="wide">
      <InspectionReport report={report} />
    </PageShell>
  );
}
