"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { QueueRow } from "@/lib/consoles/job-operations";

const age = (seconds?: number) =>
  seconds === undefined
    ? "—"
    : seconds < 120
      ? `${seconds} s`
      : seconds < 7200
        ? `${Math.round(seconds / 60)} min`
        : `${Math.round(seconds / 3600)} h`;

/** Every queue's counts, refreshed every few seconds, with a retry for dead-lettered work. */
export function JobsPanel() {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string>();
  const jobs = useQuery({
    queryKey: ["jobs"],
    queryFn: () => callApi<{ queues: QueueRow[] }>("/api/console/jobs"),
    refetchInterval: 5000,
  });
  const retry = useMutation({
    mutationFn: (queue: string) =>
      callApi<{ queue: string; retried: number }>(`/api/console/jobs/${queue}/retry`, { method: "POST", body: {} }),
    onSuccess: async (answer) => {
      setNotice(`${answer.retried} dead-lettered job(s) of ${answer.queue} sent back.`);
      await client.invalidateQueries({ queryKey: ["jobs"] });
    },
  });
  return (
    <section className={styles.card} aria-labelledby="jobs-title">
      <h2 id="jobs-title">Queues</h2>
      {jobs.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={jobs.error} />
      {jobs.data && (
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col">Waiting</th>
              <th scope="col">Running</th>
              <th scope="col">Oldest waiting</th>
              <th scope="col">Failed</th>
              <th scope="col">Dead-lettered</th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.queues.map((queue) => (
              <tr key={queue.queue}>
                <td data-label="Queue">
                  <code>{queue.queue}</code>
                </td>
                <td data-label="Waiting">{queue.queued}</td>
                <td data-label="Running">{queue.active}</td>
                <td data-label="Oldest waiting">{age(queue.oldestWaitingSeconds)}</td>
                <td data-label="Failed">{queue.failed}</td>
                <td data-label="Dead-lettered">
                  {queue.deadLetter}{" "}
                  {queue.retryable && queue.deadLetter > 0 && (
                    <button
                      type="button"
                      className={styles.secondary}
                      disabled={retry.isPending}
                      aria-label={`Retry dead-lettered ${queue.queue}`}
                      onClick={() => retry.mutate(queue.queue)}
                    >
                      Retry
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {notice && <p role="status">{notice}</p>}
      <ErrorAlert error={retry.error} />
    </section>
  );
}
