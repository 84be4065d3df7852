import { CircleCheck, Play } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { reviewQueue } from "@/lib/consoles/review-operations";
import { categoryLabel } from "@/lib/labels/labels";
import { labelOf, reviewVerdictLabel } from "@/lib/labels/console-labels";
import { reviewOverdueHours } from "@/lib/review/list-review-queue";
import { QueueTable } from "./QueueTable";

const rate = (agreed: number, of: number) => (of === 0 ? "—" : `${Math.round((agreed / of) * 100)} %`);

function StartReviewing() {
  return (
    <Button asChild size="sm">
      <Link href="/admin/review/next" prefetch={false}>
        <Play aria-hidden />
        Start reviewing
      </Link>
    </Button>
  );
}

/** While the queue is read: its card, the way in, and rows to come. */
export function QueueLoading() {
  return (
    <Card aria-labelledby="queue-title" aria-busy>
      <CardHeader id="queue-title" title="Waiting for staff" actions={<StartReviewing />} />
      <SkeletonRows rows={5} label="Loading the walkthroughs waiting for staff" />
    </Card>
  );
}

/** The queue and how often staff agreed with the provider. */
export async function QueueCards({ me }: { me: string }) {
  const { queue, stats, targetMinutes } = await reviewQueue();
  const overdue = queue.filter((entry) => entry.overdue).length;
  return (
    <>
      <Card aria-labelledby="queue-title">
        <CardHeader
          id="queue-title"
          title="Waiting for staff"
          description={`Oldest seal first; the target is ${targetMinutes} minutes from the seal. A report released more than 2 days after its seal still completes, but the partner is not told it is ready: see to the ones flagged over ${reviewOverdueHours} h first.`}
          actions={
            <>
              {queue.length > 0 && <Badge tone="info">{queue.length} waiting</Badge>}
              {overdue > 0 && <Badge tone="danger">{overdue} overdue</Badge>}
              <StartReviewing />
            </>
          }
        />
        {queue.length === 0 ? (
          <EmptyState icon={CircleCheck} title="Nothing waits">
            Every sealed walkthrough is released or failed. New ones appear here as analysis hands them over.
          </EmptyState>
        ) : (
          <QueueTable queue={queue} targetMinutes={targetMinutes} me={me} />
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
    </>
  );
}
