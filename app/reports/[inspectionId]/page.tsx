import type { Metadata } from "next";
import { requirePerson } from "@/lib/auth/current-person";
import { readReport } from "@/lib/reports/read-report";
import { Card } from "@/components/ui/Card";
import { PageShell } from "@/components/ui/PageShell";
import { TextLink } from "@/components/ui/TextLink";
import { InspectionReport } from "@/components/report/InspectionReport";
import { pageTranslations } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await pageTranslations("report.meta");
  return { title: t("title") };
}

export default async function ReportPage({ params }: { params: Promise<{ inspectionId: string }> }) {
  const { inspectionId } = await params;
  const person = await requirePerson(`/reports/${encodeURIComponent(inspectionId)}`);
  const report = await readReport(inspectionId, person.id);
  if (report === undefined) {
    const t = await pageTranslations("report.noAccess");
    // The same page for an inspection that does not exist and one of another workspace.
    return (
      <PageShell person={person} width="narrow">
        <Card aria-labelledby="no-access">
          <h1 id="no-access" className="text-xl font-semibold text-ink">
            {t("heading")}
          </h1>
          <div className="mt-2 flex flex-col gap-2 text-ink-soft">
            <p>{t("signedInAs", { email: person.email })}</p>
            <p>{t("askOwner")}</p>
            <p>
              <TextLink href="/home">{t("home")}</TextLink>
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
