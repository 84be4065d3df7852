"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { LocalTime } from "@/components/ui/LocalTime";
import { Select } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/Table";
import type { DeliveriesAnswer } from "@/lib/consoles/integration-operations";
import { deliveryStatusTone } from "@/lib/labels/console-labels";
import { eventTypeLabel, eventTypes } from "@/lib/labels/event-types";
import { deliveryStatusLabel } from "@/lib/labels/labels";
import { DeliverySheet } from "./DeliverySheet";

const statuses = ["failed", "pending", "delivered", "skipped"] as const;

/** A day typed in the reader's calendar as the instant it starts there (`days` later for an end). */
const startOf = (day: string, days = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + days);
  return date.toISOString();
};

/**
 * The delivery log as a table paged on the server, filtered by event type, outcome and days; a
 * row opens the delivery in a side panel. The filters start from the address (`?status=failed`
 * from the overview, `?event=` from an event), so those links land on what they name.
 */
export function DeliveriesTable({ partnerId, canReplay }: { partnerId: string; canReplay: boolean }) {
  const search = useSearchParams();
  const [status, setStatus] = useState(search.get("status") ?? "");
  const [eventType, setEventType] = useState(search.get("event_type") ?? "");
  const [eventId, setEventId] = useState(search.get("event") ?? "");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [cursors, setCursors] = useState<string[]>([""]);
  const [open, setOpen] = useState<string>();
  const before = cursors.at(-1)!;
  const filters = { status, eventType, eventId, from, to };
  const deliveries = useQuery({
    queryKey: ["deliveries", partnerId, filters, before],
    queryFn: () => {
      const query = new URLSearchParams();
      if (status) query.set("status", status);
      if (eventType) query.set("event_type", eventType);
      if (eventId) query.set("event_id", eventId);
      if (from) query.set("from", startOf(from));
      if (to) query.set("to", startOf(to, 1));
      if (before) query.set("before", before);
      return callApi<DeliveriesAnswer>(`/api/console/partners/${partnerId}/webhook/deliveries?${query}`);
    },
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setCursors([""]);
  };
  const rows = deliveries.data?.deliveries ?? [];
  const filtered = status || eventType || eventId || from || to;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Field id={`type-${partnerId}`} label="Event type">
          <Select value={eventType} onChange={(event) => filter(setEventType)(event.target.value)}>
            <option value="">All types</option>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {eventTypeLabel[type]}
              </option>
            ))}
          </Select>
        </Field>
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
        <Field id={`from-${partnerId}`} label="From day">
          <Input type="date" value={from} onChange={(event) => filter(setFrom)(event.target.value)} />
        </Field>
        <Field id={`to-${partnerId}`} label="To day">
          <Input type="date" value={to} onChange={(event) => filter(setTo)(event.target.value)} />
        </Field>
      </div>
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
      {(cursors.length > 1 || deliveries.data?.next) && (
        <nav aria-label="Deliveries pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" size="sm" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            <ChevronLeft aria-hidden />
            Newer
          </Button>
          <span className="text-sm text-muted">Page {cursors.length}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!deliveries.data?.next}
            onClick={() => deliveries.data?.next && setCursors([...cursors, deliveries.data.next])}
          >
            Older
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
      <DeliverySheet partnerId={partnerId} deliveryId={open} canReplay={canReplay} onClose={() => setOpen(undefined)} />
    </div>
  );
}
