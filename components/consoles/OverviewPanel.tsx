"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/Badge";
import { callApi } from "@/components/ui/call-api";
import { Card } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { TextLink } from "@/components/ui/TextLink";
import type { IntegrationHealth, SuccessRate } from "@/lib/consoles/integration-health";
import { deliveryStatusTone, toneOf } from "@/lib/labels/console-labels";
import { deliveryStatusLabel } from "@/lib/labels/labels";

const dayMs = 86_400_000;

const ageOf = (days: number) => (days === 0 ? "created today" : days === 1 ? "1 day old" : `${days} days old`);

function Tile({ title, href, link, children }: { title: string; href: string; link: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2>
      <div className="flex flex-1 flex-col gap-1 text-sm text-ink-soft">{children}</div>
      <TextLink href={href} className="text-sm">
        {link}
      </TextLink>
    </Card>
  );
}

const percent = (rate: SuccessRate) => (rate.rate === undefined ? "No deliveries" : `${Math.round(rate.rate * 1000) / 10}%`);

function Rate({ label, rate }: { label: string; rate: SuccessRate }) {
  return (
    <p>
      <span className="text-2xl font-semibold text-ink tabular-nums">{percent(rate)}</span>{" "}
      <span className="text-muted">
        {label}
        {rate.rate !== undefined && ` (${rate.delivered} of ${rate.delivered + rate.failed})`}
      </span>
    </p>
  );
}

/** The integration at a glance: keys, the receiver and how it answers, failures left open, workspaces in service. */
export function OverviewPanel({ partnerId }: { partnerId: string }) {
  const base = `/console/${partnerId}`;
  const health = useQuery({
    queryKey: ["health", partnerId],
    queryFn: () => callApi<IntegrationHealth>(`/api/console/partners/${partnerId}/health`),
    refetchInterval: 30_000,
  });
  if (health.isPending) return <SkeletonRows rows={4} label="Loading the overview" />;
  if (health.error) return <ErrorAlert error={health.error} />;
  const data = health.data;
  const now = Date.now();
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Tile title="API keys" href={`${base}/keys`} link="Manage keys">
        {data.keys.length === 0 ? (
          <p>No active key: create one to call the API.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.keys.map((key) => (
              <li key={key.keyId}>
                {key.name && <span className="font-medium text-ink">{key.name} </span>}
                <code data-verbatim className="font-mono text-ink">
                  {key.hint}
                </code>
                , {ageOf(Math.floor((now - Date.parse(key.createdAt)) / dayMs))}, last used{" "}
                {key.lastUsedAt ? <LocalTime date={key.lastUsedAt} mode="relative" /> : "never"}
              </li>
            ))}
          </ul>
        )}
      </Tile>
      <Tile title="Receiver" href={`${base}/webhooks`} link="Webhooks and deliveries">
        {data.receiver ? (
          <>
            <code className="font-mono break-all text-ink">{data.receiver.url}</code>
            <Rate label="delivered, last 24 hours" rate={data.success.day} />
            <Rate label="delivered, last 7 days" rate={data.success.week} />
          </>
        ) : (
          <p>No receiver yet: events are kept until one is set.</p>
        )}
      </Tile>
      <Tile title="Last delivery" href={`${base}/webhooks`} link="All deliveries">
        {data.lastDelivery ? (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-ink">{data.lastDelivery.eventType}</code>
              <Badge tone={toneOf(deliveryStatusTone, data.lastDelivery.status)}>
                {deliveryStatusLabel[data.lastDelivery.status as keyof typeof deliveryStatusLabel]}
              </Badge>
            </p>
            <p>
              <LocalTime date={data.lastDelivery.at} />
              {data.lastDelivery.statusCode !== undefined && <>, answered HTTP {data.lastDelivery.statusCode}</>}
            </p>
          </>
        ) : (
          <p>Nothing sent yet.</p>
        )}
      </Tile>
      <Tile title="Open failures" href={`${base}/webhooks?status=failed`} link="See failed deliveries">
        <p>
          <span className={`text-2xl font-semibold tabular-nums ${data.openFailures > 0 ? "text-danger" : "text-ink"}`}>
            {data.openFailures}
          </span>{" "}
          <span className="text-muted">
            {data.openFailures === 1 ? "event" : "events"} failed in the last 30 days and not delivered since
          </span>
        </p>
      </Tile>
      <Tile title="Workspaces" href={`${base}/workspaces`} link="See workspaces">
        <p>
          <span className="text-2xl font-semibold text-ink tabular-nums">{data.workspaces.inService}</span>{" "}
          <span className="text-muted">in service of {data.workspaces.total} provisioned</span>
        </p>
      </Tile>
    </div>
  );
}
