"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Radio } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { callApi } from "@/components/ui/call-api";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { Pagination } from "@/components/ui/Pagination";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import { TextLink } from "@/components/ui/TextLink";
import type { EventsAnswer } from "@/lib/consoles/integration-operations";
import { deliveryStatusTone } from "@/lib/labels/console-labels";
import { eventTypeLabel } from "@/lib/labels/event-types";
import { deliveryStatusLabel } from "@/lib/labels/labels";
import { LogFilters, useLogFilters } from "./LogFilters";
import { WorkspaceFilter } from "./WorkspaceFilter";

/** The partner's events, filtered by type, workspace and days, each linking to its deliveries. */
export function EventsPanel({ partnerId }: { partnerId: string }) {
  const [workspaceId, setWorkspaceId] = useState("");
  const log = useLogFilters();
  const events = useQuery({
    queryKey: ["events", partnerId, log.key, workspaceId],
    queryFn: () => callApi<EventsAnswer>(`/api/console/partners/${partnerId}/events?${log.query({ workspace_id: workspaceId })}`),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const filter = log.filter;
  const rows = events.data?.events ?? [];
  const filtered = workspaceId || log.filtered;
  return (
    <Card aria-label="Events" className="flex flex-col gap-4">
      <LogFilters id={`events-${partnerId}`} {...log.fields}>
        <WorkspaceFilter partnerId={partnerId} id={`event-workspace-${partnerId}`} onChange={filter(setWorkspaceId)} />
      </LogFilters>
      {events.isPending && <SkeletonRows rows={3} label="Loading events" />}
      <ErrorAlert error={events.error} />
      {events.isSuccess && rows.length === 0 && (
        <EmptyState icon={Radio} title={filtered ? "No events match" : "No events yet"}>
          {filtered
            ? "Change the filters above to see more."
            : "Events are recorded as walkthroughs are recorded and reported, and when you send a test event."}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table aria-label="Events list">
          <THead>
            <Tr>
              <Th>Event</Th>
              <Th>Workspace</Th>
              <Th>Time</Th>
              <Th>Deliveries</Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((event) => (
              <Tr key={event.id}>
                <Td label="Event">
                  <span className="block font-medium text-ink">
                    {eventTypeLabel[event.eventType as keyof typeof eventTypeLabel] ?? event.eventType}
                  </span>
                  <code className="font-mono text-xs text-muted">{event.eventType}</code>
                </Td>
                <Td label="Workspace">{event.workspace?.name ?? <span className="text-muted">None</span>}</Td>
                <Td label="Time" className="whitespace-nowrap text-ink-soft">
                  <LocalTime date={event.createdAt} />
                </Td>
                <Td label="Deliveries">
                  {event.deliveries === 0 ? (
                    <span className="text-muted">Not sent</span>
                  ) : (
                    <span className="flex flex-wrap items-center gap-2">
                      {event.lastStatus && (
                        <Badge tone={deliveryStatusTone[event.lastStatus]}>{deliveryStatusLabel[event.lastStatus]}</Badge>
                      )}
                      <TextLink href={`/console/${partnerId}/webhooks?event=${event.id}`}>
                        {event.deliveries} {event.deliveries === 1 ? "delivery" : "deliveries"}
                        <span className="sr-only"> of this {event.eventType} event</span>
                      </TextLink>
                    </span>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <Pagination
        label="Events pages"
        order="time"
        {...log.steps(events.data?.next)}
        summary={rows.length > 0 ? `Showing ${rows.length}` : undefined}
      />
    </Card>
  );
}
