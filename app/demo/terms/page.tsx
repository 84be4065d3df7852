import type { Metadata } from "next";
import { InlineCode } from "@/components/docs/Code";
import { DocsNav } from "@/components/docs/DocsNav";
import { Card } from "@/components/ui/Card";
import { LocalTime } from "@/components/ui/LocalTime";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { config } from "@/lib/config";
import { demoTerms, demoTermsVersion } from "@/lib/demo/terms";

export const metadata: Metadata = { title: "Demo terms · Walkthrough" };
export const dynamic = "force-dynamic";

export default function DemoTermsPage() {
  return (
    <PageShell>
      <DocsNav />
      <PageHeader
        title="Demo terms"
        description={
          <>
            The version of <LocalTime date={`${demoTermsVersion}T00:00:00Z`} mode="day" />, for everything sent to the demo tier.
          </>
        }
      />
      <Card aria-label="The terms" className="max-w-3xl">
        <ol className="flex list-decimal flex-col gap-3 pl-5 text-ink-soft marker:text-muted">
          {demoTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
          <li>
            A confirmed submission and its media are deleted {config().DEMO_RETENTION_DAYS} days after confirmation; one never
            confirmed, a day after it was sent.
          </li>
        </ol>
        <p className="mt-6 border-t border-line pt-4 text-sm text-muted">
          Sending <InlineCode>accept_terms: true</InlineCode> accepts this version; we record it with the time.
        </p>
      </Card>
    </PageShell>
  );
}
