"use client";

import { useQuery } from "@tanstack/react-query";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { UsageView } from "@/lib/usage/read-usage";

/** Requests per day and errors by code over the last 30 days: bars, and the same numbers as a table for screen readers. */
export function UsagePanel({ partnerId }: { partnerId: string }) {
  const usage = useQuery({
    queryKey: ["usage", partnerId],
    queryFn: () => callApi<UsageView>(`/api/console/partners/${partnerId}/usage`),
    refetchInterval: 30_000,
  });
  const peak = Math.max(1, ...(usage.data?.days.map((day) => day.requests) ?? []));
  const total = usage.data?.days.reduce((sum, day) => sum + day.requests, 0) ?? 0;
  return (
    <section className={styles.card} aria-labelledby={`usage-${partnerId}`}>
      <h2 id={`usage-${partnerId}`}>Usage, last 30 days</h2>
      {usage.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={usage.error} />
      {usage.data && (
        <>
          <p>
            {total} request{total === 1 ? "" : "s"}, {usage.data.errors.reduce((sum, error) => sum + error.count, 0)} answered
            with an error.
          </p>
          <div className={styles.bars} aria-hidden="true">
            {usage.data.days.map((day) => (
              <div key={day.day} className={styles.bar} title={`${day.day}: ${day.requests} requests, ${day.errors} errors`}>
                <span style={{ height: `${(day.requests / peak) * 100}%` }} />
                <span className={styles.barErrors} style={{ height: `${(day.errors / peak) * 100}%` }} />
              </div>
            ))}
          </div>
          <details>
            <summary>Requests per day as a table</summary>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Day (UTC)</th>
                  <th scope="col">Requests</th>
                  <th scope="col">Errors</th>
                </tr>
              </thead>
              <tbody>
                {usage.data.days
                  .filter((day) => day.requests > 0)
                  .map((day) => (
                    <tr key={day.day}>
                      <td>{day.day}</td>
                      <td>{day.requests}</td>
                      <td>{day.errors}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </details>
          <h3>Errors by code</h3>
          {usage.data.errors.length === 0 ? (
            <p>No errors.</p>
          ) : (
            <table className={styles.table} aria-label="Errors by code">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Status</th>
                  <th scope="col">Count</th>
                </tr>
              </thead>
              <tbody>
                {usage.data.errors.map((error) => (
                  <tr key={error.code}>
                    <td>
                      <code>{error.code}</code>
                    </td>
                    <td>{error.status}</td>
                    <td>{error.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
