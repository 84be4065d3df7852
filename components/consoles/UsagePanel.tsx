"use client";

import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { callApi } from "@/components/ui/call-api";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { UsageDay, UsageView } from "@/lib/usage/read-usage";

/*
 * The theme's tokens by name: SVG takes a colour value, so the chart reads the same variables the
 * classes do. Charts draw at once (no animation): a resized chart is never caught between layouts.
 */
const colour = {
  ok: "var(--color-success)",
  redirect: "var(--color-info)",
  clientError: "var(--color-warning)",
  serverError: "var(--color-danger)",
  accent: "var(--color-accent)",
  muted: "var(--color-muted)",
  line: "var(--color-line)",
} as const;

/** A UTC calendar day in the reader's language ("25 Nov"). */
function useDayLabel() {
  const hydrated = useHydrated();
  const format = new Intl.DateTimeFormat(hydrated ? navigator.language : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

interface TooltipProps {
  active?: boolean;
  payload?: readonly { dataKey?: unknown; name?: unknown; value?: unknown; color?: string }[];
  label?: unknown;
  unit?: string;
  dayLabel?: (day: string) => string;
}

function ChartTooltip({ active, payload, label, unit = "", dayLabel }: TooltipProps) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border border-line bg-surface px-3 py-2 text-xs shadow-raised">
      <p className="mb-1 font-semibold text-ink">{dayLabel ? dayLabel(String(label)) : String(label)}</p>
      <ul className="flex flex-col gap-0.5">
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2 text-ink-soft">
            <svg aria-hidden className="size-2" viewBox="0 0 8 8">
              <rect width="8" height="8" rx="2" fill={entry.color} />
            </svg>
            {String(entry.name)}:{" "}
            <span className="font-medium text-ink tabular-nums">
              {entry.value === undefined || entry.value === null ? "none" : `${String(entry.value)}${unit}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Chart({
  title,
  description,
  children,
  table,
}: {
  title: string;
  description: string;
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <Card aria-label={title} className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <figure aria-hidden="true" className="h-60 min-w-0">
        {children}
      </figure>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-accent">The numbers as a table</summary>
        <div className="mt-2">{table}</div>
      </details>
    </Card>
  );
}

const axis = { stroke: colour.line, tick: { fill: colour.muted, fontSize: 12 } };

function DayTable({
  days,
  columns,
  dayLabel,
}: {
  days: UsageDay[];
  columns: { key: keyof UsageDay; label: string; unit?: string }[];
  dayLabel: (day: string) => string;
}) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Day (UTC)</Th>
          {columns.map((column) => (
            <Th key={column.key} className="text-right">
              {column.label}
            </Th>
          ))}
        </tr>
      </THead>
      <TBody>
        {days.map((day) => (
          <Tr key={day.day}>
            <Td label="Day (UTC)">{dayLabel(day.day)}</Td>
            {columns.map((column) => (
              <Td key={column.key} label={column.label} className="tabular-nums sm:text-right">
                {day[column.key] === undefined ? "None" : `${day[column.key]}${column.unit ?? ""}`}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

const rateOf = (day: UsageDay) =>
  day.delivered + day.failed === 0 ? undefined : Math.round((day.delivered / (day.delivered + day.failed)) * 1000) / 10;

/** The last 30 days as charts with axes and tooltips, each with its numbers as a table for screen readers. */
export function UsagePanel({
  partnerId,
  staff = false,
}: {
  partnerId: string;
  /** Staff's page of the partner: words about the partner, not to it. */ staff?: boolean;
}) {
  const dayLabel = useDayLabel();
  const usage = useQuery({
    queryKey: ["usage", partnerId],
    queryFn: () => callApi<UsageView>(`/api/console/partners/${partnerId}/usage`),
    refetchInterval: 30_000,
  });
  if (usage.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Loading usage">
        <Skeleton className="h-60 w-full" />
      </div>
    );
  if (usage.error) return <ErrorAlert error={usage.error} />;
  const { days, errors } = usage.data;
  const requests = days.reduce((sum, day) => sum + day.requests, 0);
  const sent = days.reduce((sum, day) => sum + day.delivered + day.failed, 0);
  if (requests === 0 && sent === 0)
    return (
      <Card aria-label="Usage">
        <EmptyState icon={BarChart3} title="Nothing to chart yet">
          {staff ? (
            "No API calls with this partner's keys and no webhook deliveries to its receiver in the last 30 days. Its first call or delivery shows here within a minute."
          ) : (
            <>
              No API calls with your keys and no webhook deliveries in the last 30 days. Make a first call (see the{" "}
              <TextLink href="/docs">API documentation</TextLink>) or send a test event from{" "}
              <TextLink href={`/console/${partnerId}/webhooks`}>Webhooks</TextLink>, and it shows here within a minute.
            </>
          )}
        </EmptyState>
      </Card>
    );
  const rates = days.map((day) => ({ ...day, rate: rateOf(day) }));
  const totalErrors = errors.reduce((sum, error) => sum + error.count, 0);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <p className="sr-only">
        {requests} request{requests === 1 ? "" : "s"} in the last 30 days, {totalErrors} answered with an error.
      </p>
      <Chart
        title="Requests per day"
        description={`${requests} in 30 days, by the answer's status class (UTC days).`}
        table={
          <DayTable
            dayLabel={dayLabel}
            days={days.filter((day) => day.requests > 0)}
            columns={[
              { key: "ok", label: "2xx" },
              { key: "redirect", label: "3xx" },
              { key: "clientError", label: "4xx" },
              { key: "serverError", label: "5xx" },
            ]}
          />
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={days} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={colour.line} vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={16} />
            <YAxis allowDecimals={false} {...axis} />
            <Tooltip
              content={(props) => <ChartTooltip {...props} dayLabel={dayLabel} />}
              cursor={{ fill: "var(--color-subtle)" }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar isAnimationActive={false} dataKey="ok" name="2xx" stackId="class" fill={colour.ok} />
            <Bar isAnimationActive={false} dataKey="redirect" name="3xx" stackId="class" fill={colour.redirect} />
            <Bar isAnimationActive={false} dataKey="clientError" name="4xx" stackId="class" fill={colour.clientError} />
            <Bar isAnimationActive={false} dataKey="serverError" name="5xx" stackId="class" fill={colour.serverError} />
          </BarChart>
        </ResponsiveContainer>
      </Chart>
      <Chart
        title="Errors by code"
        description={totalErrors === 0 ? "No errors in the last 30 days." : `${totalErrors} error answers, most frequent first.`}
        table={
          <Table>
            <THead>
              <tr>
                <Th>Code</Th>
                <Th>HTTP status</Th>
                <Th className="text-right">Count</Th>
              </tr>
            </THead>
            <TBody>
              {errors.map((error) => (
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
        }
      >
        {errors.length === 0 ? (
          <p className="grid h-full place-items-center text-sm text-muted">No errors to chart.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={errors.slice(0, 8)}
              layout="vertical"
              margin={{ top: 4, right: 12, bottom: 0, left: 8 }}
            >
              <CartesianGrid stroke={colour.line} horizontal={false} />
              <XAxis type="number" allowDecimals={false} {...axis} />
              <YAxis type="category" dataKey="code" width={190} {...axis} />
              <Tooltip content={(props) => <ChartTooltip {...props} />} cursor={{ fill: "var(--color-subtle)" }} />
              <Bar isAnimationActive={false} dataKey="count" name="Answers" fill={colour.serverError} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </Chart>
      <Chart
        title="Latency per day"
        description="How long the API took to answer: half of the calls within p50, 95 in 100 within p95."
        table={
          <DayTable
            dayLabel={dayLabel}
            days={days.filter((day) => day.p50Ms !== undefined)}
            columns={[
              { key: "p50Ms", label: "p50", unit: " ms" },
              { key: "p95Ms", label: "p95", unit: " ms" },
            ]}
          />
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={days} margin={{ top: 4, right: 4, bottom: 0, left: -8 }}>
            <CartesianGrid stroke={colour.line} vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={16} />
            <YAxis unit=" ms" {...axis} />
            <Tooltip content={(props) => <ChartTooltip {...props} unit=" ms" dayLabel={dayLabel} />} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="p50Ms"
              name="p50"
              stroke={colour.accent}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
            />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="p95Ms"
              name="p95"
              stroke={colour.clientError}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
            />
          </LineChart>
        </ResponsiveContainer>
      </Chart>
      <Chart
        title="Webhook success rate"
        description={
          sent === 0
            ? "No deliveries finished in the last 30 days."
            : `Deliveries that reached ${staff ? "the partner's" : "your"} receiver, of those finished each day.`
        }
        table={
          <DayTable
            dayLabel={dayLabel}
            days={days.filter((day) => day.delivered + day.failed > 0)}
            columns={[
              { key: "delivered", label: "Delivered" },
              { key: "failed", label: "Failed" },
            ]}
          />
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={rates} margin={{ top: 4, right: 4, bottom: 0, left: -8 }}>
            <CartesianGrid stroke={colour.line} vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={16} />
            <YAxis domain={[0, 100]} unit="%" {...axis} />
            <Tooltip content={(props) => <ChartTooltip {...props} unit="%" dayLabel={dayLabel} />} />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="rate"
              name="Delivered"
              stroke={colour.ok}
              strokeWidth={2}
              dot={{ r: 3 }}
            />
          </LineChart>
        </ResponsiveContainer>
      </Chart>
    </div>
  );
}
