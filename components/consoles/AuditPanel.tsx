"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { AuditView } from "@/lib/consoles/audit";

/** The audit log, newest first, a server page at a time. */
export function AuditPanel({ partnerId }: { partnerId?: string }) {
  const path = partnerId ? `/api/console/partners/${partnerId}/audit` : "/api/console/audit";
  const log = useInfiniteQuery({
    queryKey: ["audit", partnerId ?? "all"],
    queryFn: ({ pageParam }) =>
      callApi<{ entries: AuditView[]; next?: string }>(pageParam ? `${path}?before=${pageParam}` : path),
    initialPageParam: "",
    getNextPageParam: (page) => page.next,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className={styles.card} aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      {log.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={log.error} />
      {log.isSuccess && entries.length === 0 && <p>No changes recorded yet.</p>}
      {entries.length > 0 && (
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="When">{entry.at.slice(0, 19).replace("T", " ")}</td>
                <td data-label="Who">{entry.actor}</td>
                <td data-label="What">
                  <code>{entry.action}</code>
                  {entry.detail !== undefined && <div className={styles.muted}>{JSON.stringify(entry.detail)}</div>}
                </td>
                <td data-label="On">
                  {entry.objectType} <code>{entry.objectId.slice(0, 8)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? "Loading…" : "Show older"}
        </button>
      )}
    </section>
  );
}
