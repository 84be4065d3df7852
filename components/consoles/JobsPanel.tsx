"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, RotateCcw } from "lucide-react";
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { useToast } from "@/components/ui/Toast";
import { formatDuration } from "@/lib/format/dates";
import { LocalTime } from "@/components/ui/LocalTime";
import type { QueueRow } from "@/lib/consoles/job-operations";
import type { FailedJob } from "@/lib/jobs/failed-jobs";
import { failedJobKindLabel, failedJobKindTone, jobQueueLabel, labelOf } from "@/lib/labels/console-labels";

/** A count that is zero stays quiet; one that needs staff reads in the status colour. */
function Count({ value, alarm }: { value: number; alarm?: "warning" | "danger" | "info" }) {
  if (value === 0) return <span className="text-muted">0</span>;
  if (alarm) return <Badge tone={alarm}>{value}</Badge>;
  return <span className="font-medium text-ink">{value}</span>;
}

/** Every queue's counts, refreshed every few seconds, with a retry for dead-lettered work. */
export function JobsPanel() {
  const client = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState<string>();
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
        title: `${answer.retried} dead-lettered ${answer.retried === 1 ? "job" : "jobs"} of “${labelOf(jobQueueLabel, answer.queue)}” sent back`,
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
            {jobs.data.queues.map((queue) => {
              const failures = queue.failed + queue.deadLetter;
              const isOpen = open === queue.queue;
              return (
                <Fragment key={queue.queue}>
                  <Tr>
                    <Td label="Queue">
                      <span className="flex flex-col items-start">
                        {failures > 0 && queue.queue !== "webhook-events" ? (
                          <button
                            type="button"
                            aria-expanded={isOpen}
                            aria-controls={`failed-${queue.queue}`}
                            className="inline-flex items-center gap-1 rounded-sm text-left text-sm font-medium text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                            onClick={() => setOpen(isOpen ? undefined : queue.queue)}
                          >
                            {isOpen ? (
                              <ChevronDown aria-hidden className="size-4 text-muted" />
                            ) : (
                              <ChevronRight aria-hidden className="size-4 text-muted" />
                            )}
                            {labelOf(jobQueueLabel, queue.queue)}
                            <span className="sr-only">: failed jobs</span>
                          </button>
                        ) : (
                          <span className="text-sm font-medium text-ink">{labelOf(jobQueueLabel, queue.queue)}</span>
                        )}
                        {/* What `npm run admin -- jobs` takes: shown as stored on purpose. */}
                        <code data-verbatim className="font-mono text-xs text-muted">
                          {queue.queue}
                        </code>
                      </span>
                    </Td>
                    <Td label="Waiting" className="tabular-nums sm:text-right">
                      <Count value={queue.queued} />
                    </Td>
                    <Td label="Running" className="tabular-nums sm:text-right">
                      <Count value={queue.active} alarm="info" />
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
                          aria-label={`Retry all dead-lettered jobs of ${labelOf(jobQueueLabel, queue.queue)}`}
                          onClick={() => retry.mutate(queue.queue)}
                        >
                          <RotateCcw aria-hidden />
                          Retry all
                        </Button>
                      )}
                    </Td>
                  </Tr>
                  {isOpen && (
                    <tr id={`failed-${queue.queue}`}>
                      <td colSpan={7} className="bg-subtle px-4 py-3">
                        <FailedJobs queue={queue.queue} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </TBody>
        </Table>
      )}
      <div className="mt-3 empty:hidden">
        <ErrorAlert error={retry.error} />
      </div>
    </Card>
  );
}

/** A queue's failed jobs with their errors; a dead-lettered one can be sent back on its own. */
function FailedJobs({ queue }: { queue: string }) {
  const name = labelOf(jobQueueLabel, queue);
  const client = useQueryClient();
  const toast = useToast();
  const list = useQuery({
    queryKey: ["jobs", queue, "failed"],
    queryFn: () => callApi<{ jobs: FailedJob[] }>(`/api/console/jobs/${queue}/failed`),
  });
  const retry = useMutation({
    mutationFn: (id: string) => callApi(`/api/console/jobs/${queue}/failed/${id}/retry`, { method: "POST", body: {} }),
    onSuccess: async () => {
      toast({ tone: "success", title: `A dead-lettered job of “${name}” sent back` });
      await client.invalidateQueries({ queryKey: ["jobs"] });
    },
  });
  if (list.isPending) return <SkeletonRows rows={2} label={`Loading the failed jobs of “${name}”`} />;
  if (list.error) return <ErrorAlert error={list.error} />;
  if (list.data.jobs.length === 0) return <p className="text-sm text-muted">No failed jobs are kept for this queue now.</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y divide-line" aria-label={`Failed jobs of “${name}”`}>
        {list.data.jobs.map((job) => (
          <li key={job.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-start sm:gap-4">
            <div className="flex shrink-0 flex-col items-start gap-1 sm:w-56">
              <Badge tone={failedJobKindTone[job.kind]}>{failedJobKindLabel[job.kind]}</Badge>
              <span className="text-xs text-muted">
                {job.failedAt ? <LocalTime date={job.failedAt} /> : "Time not recorded"} · {job.attempts}{" "}
                {job.attempts === 1 ? "attempt" : "attempts"}
              </span>
            </div>
            <pre data-verbatim className="min-w-0 flex-1 font-mono text-xs break-words whitespace-pre-wrap text-ink">
              {job.error}
            </pre>
            {job.retryable && (
              <Button
                variant="secondary"
                size="sm"
                disabled={retry.isPending}
                aria-label={`Retry job ${job.id.slice(0, 8)}`}
                onClick={() => retry.mutate(job.id)}
              >
                <RotateCcw aria-hidden />
                Retry
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ErrorAlert error={retry.error} />
    </div>
  );
}
