"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { useToast } from "@/components/ui/Toast";
import { formatDuration } from "@/lib/format/dates";
import type { QueueRow } from "@/lib/consoles/job-operations";

/** A count that is zero stays quiet; one that needs staff reads in the status colour. */
function Count({ value, alarm }: { value: number; alarm?: "warning" | "danger" }) {
  if (value === 0) return <span className="text-muted">0</span>;
  if (alarm) return <Badge tone={alarm}>{value}</Badge>;
  return <span className="font-medium text-ink">{value}</span>;
}

/** Every queue's counts, refreshed every few seconds, with a retry for dead-lettered work. */
export function JobsPanel() {
  const client = useQueryClient();
  const toast = useToast();
  const jobs = useQuery({
    queryKey: ["jobs"],
    queryFn: () => callApi<{ queues: QueueRow[] }>("/api/console/jobs"),
    refetchInterval: 5000,
  });
  const retry = useMutation({
    mutationFn: (queue: string) =>
      callApi<{ queue: string; retried: number }>(`/api/console/jobs/${queue}/retry`, { method: "POST", body: {} }),
    onSuccess: async (answer) => {
      toast({
        tone: "success",
        title: `${answer.retried} dead-lettered ${answer.retried === 1 ? "job" : "jobs"} of ${answer.queue} sent back`,
      });
      await client.invalidateQueries({ queryKey: ["jobs"] });
    },
  });
  return (
    <Card aria-labelledby="jobs-title">
      <CardHeader id="jobs-title" title="Queues" description="Refreshed every 5 seconds." />
      {jobs.isPending && <SkeletonRows rows={6} label="Loading queues" />}
      <ErrorAlert error={jobs.error} />
      {jobs.data && (
        <Table>
          <THead>
            <tr>
              <Th>Queue</Th>
              <Th className="text-right">Waiting</Th>
              <Th className="text-right">Running</Th>
              <Th className="text-right">Oldest waiting</Th>
              <Th className="text-right">Failed</Th>
              <Th className="text-right">Dead-lettered</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {jobs.data.queues.map((queue) => (
              <Tr key={queue.queue}>
                <Td label="Queue">
                  <code className="font-mono text-sm text-ink">{queue.queue}</code>
                </Td>
                <Td label="Waiting" className="tabular-nums sm:text-right">
                  <Count value={queue.queued} />
                </Td>
                <Td label="Running" className="tabular-nums sm:text-right">
                  <Count value={queue.active} />
                </Td>
                <Td label="Oldest waiting" className="tabular-nums sm:text-right">
                  {queue.oldestWaitingSeconds === undefined ? (
                    <span className="text-muted">None</span>
                  ) : (
                    formatDuration(queue.oldestWaitingSeconds)
                  )}
                </Td>
                <Td label="Failed" className="tabular-nums sm:text-right">
                  <Count value={queue.failed} alarm="warning" />
                </Td>
                <Td label="Dead-lettered" className="tabular-nums sm:text-right">
                  <Count value={queue.deadLetter} alarm="danger" />
                </Td>
                <Td className="sm:text-right">
                  {queue.retryable && queue.deadLetter > 0 && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={retry.isPending}
                      aria-label={`Retry dead-lettered ${queue.queue}`}
                      onClick={() => retry.mutate(queue.queue)}
                    >
                      <RotateCcw aria-hidden />
                      Retry
                    </Button>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <div className="mt-3 empty:hidden">
        <ErrorAlert error={retry.error} />
      </div>
    </Card>
  );
}
