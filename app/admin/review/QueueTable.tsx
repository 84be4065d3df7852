import { AlertTriangle, Clock, CircleAlert, CircleCheck, Copy, Lock, Split } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import type { ReviewQueueEntry } from "@/lib/review/list-review-queue";
import { reviewOverdueHours } from "@/lib/review/list-review-queue";
import { type WaitStanding, waitStanding, waitText } from "@/lib/review/review-target";

type Entry = Omit<ReviewQueueEntry, "sealedAt"> & { sealedAt: string };

// Colour and an icon and words: the standing reads without colour too.
const standing: Record<WaitStanding, { tone: BadgeTone; Icon: typeof Clock; words: string }> = {
  early: { tone: "success", Icon: CircleCheck, words: "within half the target" },
  near: { tone: "warning", Icon: Clock, words: "nearing the target" },
  over: { tone: "danger", Icon: CircleAlert, words: "over the target" },
};

/** A count that is zero stays quiet. */
const Count = ({ value }: { value: number }) =>
  value === 0 ? <span className="text-muted">0</span> : <span className="font-medium text-ink">{value}</span>;

export function QueueTable({ queue, targetMinutes, me }: { queue: Entry[]; targetMinutes: number; me: string }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Home and partner</Th>
          <Th>Waiting</Th>
          <Th className="text-right">Items waiting</Th>
          <Th className="text-right">Findings proposed</Th>
          <Th>Provider</Th>
          <Th>Reviewer</Th>
        </tr>
      </THead>
      <TBody>
        {queue.map((entry) => {
          const wait = standing[waitStanding(entry.waitingMinutes, targetMinutes)];
          return (
            <Tr key={entry.inspectionId}>
              <Td label="Home and partner">
                <TextLink href={`/admin/review/${entry.inspectionId}`} className="font-medium">
                  {entry.homeName}
                </TextLink>
                <p className="text-xs whitespace-nowrap text-muted">
                  {entry.partnerName}
                  {entry.taskName ? ` · ${entry.taskName}` : ""}
                </p>
              </Td>
              <Td label="Waiting">
                <span className="flex flex-wrap items-center gap-1.5">
                  <Badge
                    tone={wait.tone}
                    title={`Waiting ${waitText(entry.waitingMinutes)} since the seal: ${wait.words} (${targetMinutes} min)`}
                  >
                    <wait.Icon aria-hidden className="size-3.5" />
                    {waitText(entry.waitingMinutes)}
                    <span className="sr-only">, {wait.words}</span>
                  </Badge>
                  {entry.pendingItems + entry.pendingFindings === 0 && (
                    // Every decision made on the desk, the release not yet: it waits for Enter.
                    <Badge tone="info">Decided, not released</Badge>
                  )}
                  {entry.reuseSuspected && (
                    <Badge tone="danger" title="Its video matches another walkthrough's: it may have been handed in before">
                      <Copy aria-hidden className="size-3.5" />
                      Video may be reused
                    </Badge>
                  )}
                  {entry.overdue && (
                    <Badge tone="danger">
                      <AlertTriangle aria-hidden className="size-3.5" />
                      {`Over ${reviewOverdueHours} h: the partner hears nothing after 2 days`}
                    </Badge>
                  )}
                </span>
              </Td>
              <Td label="Items waiting" className="tabular-nums sm:text-right">
                <Count value={entry.pendingItems} />
              </Td>
              <Td label="Findings proposed" className="tabular-nums sm:text-right">
                <Count value={entry.pendingFindings} />
              </Td>
              <Td label="Provider">
                <span className="flex flex-wrap gap-1.5">
                  {entry.contradicted > 0 && (
                    <Badge tone="warning" title="Its live verdict on the cleaner's still and its verdict on the video differ">
                      <Split aria-hidden className="size-3.5" />
                      {`Disagrees with itself on ${entry.contradicted}`}
                    </Badge>
                  )}
                  {entry.unsure > 0 && (
                    <Badge tone="warning" title="Verdicts or findings below the confidence the service trusts">
                      <CircleAlert aria-hidden className="size-3.5" />
                      {`${entry.unsure} low confidence`}
                    </Badge>
                  )}
                  {entry.contradicted + entry.unsure === 0 && <span className="text-muted">—</span>}
                </span>
              </Td>
              <Td label="Reviewer">
                {entry.heldBy ? (
                  <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-ink">
                    <Lock aria-hidden className="size-3.5 text-muted" />
                    {entry.heldByUserId === me ? "You" : entry.heldBy}
                  </span>
                ) : (
                  <span className="text-muted">Nobody</span>
                )}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
