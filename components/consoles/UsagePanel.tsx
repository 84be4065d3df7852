"use client";

import { useQuery } from "@tanstack/react-query";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import type { UsageView } from "@/lib/usage/read-usage";

/** A UTC calendar day ("2026-11-25") as a date the reader reads. */
const Day = ({ day }: { day: string }) => <LocalTime date={`${day}T00:00:00Z`} mode="day" />;

function Stat({ label, value, tone }: { label: string; value: number; tone?: "danger" }) {
  return (
    <div className="rounded-md border border-line px-4 py-3">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className={`mt-1 text-2xl font-semibold tabular-nums ${tone && value > 0 ? "text-danger" : "text-ink"}`}>{value}</p>
    </div>
  );
}

/** Requests per day and errors by code over the last 30 days: bars, and the same numbers as a table for screen readers. */
export function UsagePanel({ partnerId }: { partnerId: string }) {
  const usage = useQuery({
    queryKey: ["usage", partnerId],
    queryFn: () => callApi<UsageView>(`/api/console/partners/${partnerId}/usage`),
    refetchInterval: 30_000,
  });
  const peak = Math.max(1, ...(usage.data?.days.map((day) => day.requests) ?? []));
  const total = usage.data?.days.reduce((sum, day) => sum + day.requests, 0) ?? 0;
  const errors = usage.data?.errors.reduce((sum, error) => sum + error.count, 0) ?? 0;
  const titleId = `usage-${partnerId}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader id={titleId} title="Usage, last 30 days" description="Calls to the partner API with your keys, per UTC day." />
      {usage.isPending && (
        <div role="status" aria-busy="true" aria-label="Loading usage">
          <Skeleton className="h-32 w-full" />
        </div>
      )}
      <ErrorAlert error={usage.error} />
      {usage.data && (
        <div className="flex flex-col gap-5">
          <p className="sr-only">
            {total} request{total === 1 ? "" : "s"}, {errors} answered with an error.
          </p>
          <div className="grid grid-cols-2 gap-3 sm:max-w-md" aria-hidden="true">
            <Stat label="Requests" value={total} />
            <Stat label="Errors" value={errors} tone="danger" />
          </div>
          <div aria-hidden="true">
            <div className="relative flex h-32 items-end gap-0.5 border-b border-line sm:gap-1">
              {total === 0 && (
                <p className="absolute inset-0 grid place-items-center text-sm text-muted">No requests in these 30 days.</p>
              )}
              {usage.data.days.map((day) => (
                <div
                  key={day.day}
                  className="relative flex h-full flex-1 items-end"
                  title={`${day.day}: ${day.requests} requests, ${day.errors} errors`}
                >
                  <span className="w-full rounded-t-sm bg-accent/70" style={{ height: `${(day.requests / peak) * 100}%` }} />
                  <span
                    className="absolute bottom-0 left-0 w-full rounded-t-sm bg-danger"
                    style={{ height: `${(day.errors / peak) * 100}%` }}
                  />
                </div>
              ))}
            </div>
            <div className="mt-1 flex justify-between text-xs text-muted">
              <Day day={usage.data.days[0]!.day} />
              <span className="flex items-center gap-3">
                <span className="flex items-center gap-1">
                  <span className="size-2 rounded-sm bg-accent/70" /> Requests
                </span>
                <span className="flex items-center gap-1">
                  <span className="size-2 rounded-sm bg-danger" /> Errors
                </span>
              </span>
              <Day day={usage.data.days.at(-1)!.day} />
            </div>
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-accent">Requests per day as a table</summary>
            <div className="mt-2">
              <Table>
                <THead>
                  <tr>
                    <Th>Day (UTC)</Th>
                    <Th className="text-right">Requests</Th>
                    <Th className="text-right">Errors</Th>
                  </tr>
                </THead>
                <TBody>
                  {usage.data.days
                    .filter((day) => day.requests > 0)
                    .map((day) => (
                      <Tr key={day.day}>
                        <Td label="Day (UTC)">
                          <Day day={day.day} />
                        </Td>
                        <Td label="Requests" className="tabular-nums sm:text-right">
                          {day.requests}
                        </Td>
                        <Td label="Errors" className="tabular-nums sm:text-right">
                          {day.errors}
                        </Td>
                      </Tr>
                    ))}
                </TBody>
              </Table>
            </div>
          </details>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-ink">Errors by code</h3>
            {usage.data.errors.length === 0 ? (
              <p className="text-sm text-muted">No errors in the last 30 days.</p>
            ) : (
              <Table aria-label="Errors by code">
                <THead>
                  <tr>
                    <Th>Code</Th>
                    <Th>HTTP status</Th>
                    <Th className="text-right">Count</Th>
                  </tr>
                </THead>
                <TBody>
                  {usage.data.errors.map((error) => (
                    <Tr key={error.code}>
                      <Td label="Code">
                        <code className="font-mono text-sm">{error.code}</code>
                      </Td>
                      <Td label="HTTP status" className="tabular-nums">
                        {error.status}
                      </Td>
                      <Td label="Count" className="tabular-nums sm:text-right">
                        {error.count}
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
