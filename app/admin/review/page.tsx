import { CircleCheck } from "lucide-react";
import type { Metadata } from "next";
import { NoAccess } from "@/components/consoles/NoAccess";
import { staffLinks } from "@/components/consoles/nav";
import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { LocalTime } from "@/components/ui/LocalTime";
import { PageHeader, PageShell } from "@/components/ui/PageShell";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { consolePage } from "@/lib/consoles/console-page";
import { reviewQueue } from "@/lib/consoles/review-operations";
import { categoryLabel } from "@/lib/labels/labels";
import { labelOf, reviewVerdictLabel } from "@/lib/labels/console-labels";
import { reviewOverdueHours } from "@/lib/review/list-review-queue";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review · Walkthrough admin" };

const overdueTitle = `Sealed more than ${reviewOverdueHours} hours ago: released after 2 days, the report still completes but the partner gets no inspection.completed.`;

const rate = (agreed: number, of: number) => (of === 0 ? "—" : `${Math.round((agreed / of) * 100)} %`);

/** A count that is zero stays quiet. */
const Count = ({ value }: { value: number }) =>
  value === 0 ? <span className="text-muted">0</span> : <span className="font-medium text-ink">{value}</span>;

export default async function ReviewQueuePage() {
  const access = await consolePage("/admin/review", { staff: true });
  if (!access.allowed) return <NoAccess person={access.person} />;
  const { queue, stats } = await reviewQueue();
  const overdue = queue.filter((entry) => entry.overdue).length;
  return (
    <PageShell person={access.person} links={staffLinks} width="wide">
      <PageHeader
        title="Review"
        description="Sealed walkthroughs whose items or findings analysis could not decide on its own."
      />
      <Card aria-labelledby="queue-title">
        <CardHeader
          id="queue-title"
          title="Waiting for staff"
          description={`Oldest seal first. A report released more than 2 days after its seal still completes, but the partner gets no inspection.completed: see to the ones flagged over ${reviewOverdueHours} h first.`}
          actions={
            queue.length > 0 && (
              <>
                <Badge tone="info">{queue.length} waiting</Badge>
                {overdue > 0 && <Badge tone="danger">{overdue} overdue</Badge>}
              </>
            )
          }
        />
        {queue.length === 0 ? (
          <EmptyState icon={CircleCheck} title="Nothing waits">
            Every sealed walkthrough is released or failed. New ones appear here as analysis hands them over.
          </EmptyState>
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Sealed</Th>
                <Th>Workspace</Th>
                <Th>Task</Th>
                <Th className="text-right">Items waiting</Th>
                <Th className="text-right">Findings waiting</Th>
              </tr>
            </THead>
            <TBody>
              {queue.map((entry) => (
                <Tr key={entry.inspectionId}>
                  <Td label="Sealed">
                    <span className="flex flex-wrap items-center gap-2">
                      <TextLink href={`/admin/review/${entry.inspectionId}`}>
                        <LocalTime date={entry.sealedAt} />
                      </TextLink>
                      {entry.overdue && (
                        <Badge tone="danger" title={overdueTitle}>
                          {`Over ${reviewOverdueHours} h`}
                        </Badge>
                      )}
                    </span>
                  </Td>
                  <Td label="Workspace">
                    <code className="font-mono text-xs text-ink-soft">{entry.workspaceId}</code>
                  </Td>
                  <Td label="Task">
                    <code className="font-mono text-xs text-ink-soft">{entry.taskId}</code>
                  </Td>
                  <Td label="Items waiting" className="tabular-nums sm:text-right">
                    <Count value={entry.pendingItems} />
                  </Td>
                  <Td label="Findings waiting" className="tabular-nums sm:text-right">
                    <Count value={entry.pendingFindings} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
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
