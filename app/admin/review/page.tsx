import { CircleCheck, Play } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { Notice } from "@/components/ui/Notice";
import { EmptyState } from "@/components/ui/EmptyState";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { consolePage } from "@/lib/consoles/console-page";
import { reviewQueue } from "@/lib/consoles/review-operations";
import { categoryLabel } from "@/lib/labels/labels";
import { labelOf, reviewVerdictLabel } from "@/lib/labels/console-labels";
import { reviewOverdueHours } from "@/lib/review/list-review-queue";
import { QueueTable } from "./QueueTable";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review · Walkthrough admin" };

const rate = (agreed: number, of: number) => (of === 0 ? "—" : `${Math.round((agreed / of) * 100)} %`);

export default async function ReviewQueuePage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const { notice } = await searchParams;
  const access = await consolePage("/admin/review", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const { queue, stats, targetMinutes } = await reviewQueue();
  const overdue = queue.filter((entry) => entry.overdue).length;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <PageHeader
        title="Review"
        description="Sealed walkthroughs whose items or findings analysis could not decide on its own."
      />
      {notice === "nothing-waiting" && (
        <Notice tone="info" live title="Nothing waiting">
          Every waiting walkthrough is held by another reviewer, or none waits. New ones appear here as analysis hands them over.
        </Notice>
      )}
      <Card aria-labelledby="queue-title">
        <CardHeader
          id="queue-title"
          title="Waiting for staff"
          description={`Oldest seal first; the target is ${targetMinutes} minutes from the seal. A report released more than 2 days after its seal still completes, but the partner is not told it is ready: see to the ones flagged over ${reviewOverdueHours} h first.`}
          actions={
            <>
              {queue.length > 0 && <Badge tone="info">{queue.length} waiting</Badge>}
              {overdue > 0 && <Badge tone="danger">{overdue} overdue</Badge>}
              <Button asChild size="sm">
                <Link href="/admin/review/next" prefetch={false}>
                  <Play aria-hidden />
                  Start reviewing
                </Link>
              </Button>
            </>
          }
        />
        {queue.length === 0 ? (
          <EmptyState icon={CircleCheck} title="Nothing waits">
            Every sealed walkthrough is released or failed. New ones appear here as analysis hands them over.
          </EmptyState>
        ) : (
          <QueueTable queue={queue} targetMinutes={targetMinutes} me={access.person.id} />
        )}
      </Card>
      <Card aria-labelledby="agreement-title">
        <CardHeader
          id="agreement-title"
          title="Agreement with the provider"
          description={`Provider calls: ${stats.usage.calls} (${stats.usage.failed} failed), ${stats.usage.images} images.`}
        />
        {stats.items.length + stats.findings.length === 0 ? (
          <p className="text-sm text-muted">No verdicts decided by staff yet.</p>
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Provider said</Th>
                <Th className="text-right">Decided by staff</Th>
                <Th className="text-right">Staff agreed</Th>
              </tr>
            </THead>
            <TBody>
              {stats.items.map((row) => (
                <Tr key={row.providerState}>
                  <Td label="Provider said">Item {labelOf(reviewVerdictLabel, row.providerState).toLowerCase()}</Td>
                  <Td label="Decided by staff" className="tabular-nums sm:text-right">
                    {row.decided}
                  </Td>
                  <Td label="Staff agreed" className="tabular-nums sm:text-right">
                    {rate(row.agreed, row.decided)}
                  </Td>
                </Tr>
              ))}
              {stats.findings.map((row) => (
                <Tr key={`finding-${row.category}`}>
                  <Td label="Provider said">Finding: {labelOf(categoryLabel, row.category).toLowerCase()}</Td>
                  <Td label="Decided by staff" className="tabular-nums sm:text-right">
                    {row.reviewed}
                  </Td>
                  <Td label="Staff agreed" className="tabular-nums sm:text-right">
                    {rate(row.accepted, row.reviewed)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </PageShell>
  );
}
