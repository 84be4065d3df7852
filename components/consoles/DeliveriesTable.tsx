"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field } from "@/components/ui/Field";
import { LocalTime } from "@/components/ui/LocalTime";
import { Pagination } from "@/components/ui/Pagination";
import { Select } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import type { DeliveriesAnswer } from "@/lib/consoles/integration-operations";
import { deliveryStatusTone } from "@/lib/labels/console-labels";
import { deliveryStatusLabel } from "@/lib/labels/labels";
import { DeliverySheet } from "./DeliverySheet";
import { LogFilters, useLogFilters } from "./LogFilters";

const statuses = ["failed", "pending", "delivered", "skipped"] as const;

/**
 * The delivery log as a table paged on the server, filtered by event type, outcome and days; a
 * row opens the delivery in a side panel. The filters start from the address (`?status=failed`
 * from the overview, `?event=` from an event), so those links land on what they name.
 */
export function DeliveriesTable({ partnerId, canReplay }: { partnerId: string; canReplay: boolean }) {
  const search = useSearchParams();
  const [status, setStatus] = useState(search.get("status") ?? "");
  const [eventId, setEventId] = useState(search.get("event") ?? "");
  const log = useLogFilters(search.get("event_type") ?? "");
  const [open, setOpen] = useState<string>();
  const deliveries = useQuery({
    queryKey: ["deliveries", partnerId, log.key, status, eventId],
    queryFn: () =>
      callApi<DeliveriesAnswer>(
        `/api/console/partners/${partnerId}/webhook/deliveries?${log.query({ status, event_id: eventId })}`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  const filter = log.filter;
  const rows = deliveries.data?.deliveries ?? [];
  const filtered = status || eventId || log.filtered;
  return (
    <div className="flex flex-col gap-4">
      <LogFilters id={`deliveries-${partnerId}`} {...log.fields}>
        <Field id={`status-${partnerId}`} label="Outcome">
          <Select value={status} onChange={(event) => filter(setStatus)(event.target.value)}>
            <option value="">All outcomes</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {deliveryStatusLabel[value]}
              </option>
            ))}
          </Select>
        </Field>
      </LogFilters>
      {eventId && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
          Deliveries of event <code className="font-mono text-ink">{eventId}</code>
          <Button variant="ghost" size="sm" onClick={() => filter(setEventId)("")}>
            Show every event
          </Button>
        </p>
      )}
      {deliveries.isPending && <SkeletonRows rows={3} label="Loading deliveries" />}
      <ErrorAlert error={deliveries.error} />
      {deliveries.isSuccess && rows.length === 0 && (
        <EmptyState icon={Inbox} title={filtered ? "No deliveries match" : "No deliveries yet"}>
          {filtered
            ? "Change the filters above to see more."
            : "Send a test event above: each event sent to your receiver is listed here with its attempts."}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table aria-label="Deliveries">
          <THead>
            <Tr>
              <Th>Event</Th>
              <Th>Outcome</Th>
              <Th className="text-right">Attempts</Th>
              <Th className="text-right">Last answer</Th>
              <Th>Time</Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((delivery) => {
              const last = delivery.attempts.at(-1);
              return (
                <Tr key={delivery.id}>
                  <Td label="Event">
                    <button
                      type="button"
                      onClick={() => setOpen(delivery.id)}
                      className="rounded-sm text-left font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-focus"
                      aria-label={`Open the ${delivery.eventType} delivery of ${new Date(delivery.createdAt).toLocaleString()}`}
                    >
                      <code className="font-mono">{delivery.eventType}</code>
                    </button>
                    {delivery.replayOf && (
                      <Badge tone="info" className="ml-2">
                        Replay
                      </Badge>
                    )}
                  </Td>
                  <Td label="Outcome">
                    <Badge tone={deliveryStatusTone[delivery.status]}>{deliveryStatusLabel[delivery.status]}</Badge>
                  </Td>
                  <Td label="Attempts" className="tabular-nums sm:text-right">
                    {delivery.attempts.length}
                  </Td>
                  <Td label="Last answer" className="tabular-nums sm:text-right">
                    {last?.statusCode ?? (last ? "None" : "Not sent")}
                  </Td>
                  <Td label="Time" className="whitespace-nowrap text-ink-soft">
                    <LocalTime date={delivery.createdAt} />
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
      <Pagination
        label="Deliveries pages"
        order="time"
        {...log.steps(deliveries.data?.next)}
        summary={rows.length > 0 ? `Showing ${rows.length}` : undefined}
      />
      <DeliverySheet partnerId={partnerId} deliveryId={open} canReplay={canReplay} onClose={() => setOpen(undefined)} />
    </div>
  );
}
