"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { CodeBlock } from "@/components/ui/CopyButton";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { LocalTime } from "@/components/ui/LocalTime";
import { Notice } from "@/components/ui/Notice";
import { Sheet } from "@/components/ui/Sheet";
import { SkeletonRows } from "@/components/ui/Skeleton";
import type { DeliveryDetail } from "@/lib/consoles/integration-operations";
import { deliveryStatusTone, labelOf, skipReasonLabel } from "@/lib/labels/console-labels";
import { eventTypeLabel } from "@/lib/labels/event-types";
import { deliveryStatusLabel } from "@/lib/labels/labels";

/** The payload as it reads best: indented when it is JSON, as sent otherwise. */
function formatted(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const answerOf = (attempt: DeliveryDetail["attempts"][number]) =>
  attempt.statusCode !== undefined ? `HTTP ${attempt.statusCode}` : "No answer";

/** One delivery in a side panel: what was sent (payload, headers as sent), each attempt's answer, and a retry. */
export function DeliverySheet({
  partnerId,
  deliveryId,
  canReplay,
  onClose,
}: {
  partnerId: string;
  deliveryId?: string;
  canReplay: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const path = `/api/console/partners/${partnerId}/webhook/deliveries/${deliveryId}`;
  const delivery = useQuery({
    queryKey: ["delivery", partnerId, deliveryId],
    queryFn: () => callApi<DeliveryDetail>(path),
    enabled: deliveryId !== undefined,
  });
  const retry = useMutation({
    mutationFn: () => callApi<{ deliveryId: string }>(`${path}/replay`, { method: "POST", body: {} }),
    onSuccess: () => Promise.all(["deliveries", "audit", "health"].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
  const data = delivery.data;
  return (
    <Sheet
      open={deliveryId !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          retry.reset();
          onClose();
        }
      }}
      title={data ? labelOf(eventTypeLabel, data.eventType) : "Delivery"}
      description={data ? <code className="font-mono">{data.eventType}</code> : undefined}
    >
      {delivery.isPending && <SkeletonRows rows={4} label="Loading the delivery" />}
      <ErrorAlert error={delivery.error} />
      {data && (
        <div className="flex flex-col gap-6 text-sm">
          <section aria-labelledby="delivery-summary" className="flex flex-col gap-3">
            <h3 id="delivery-summary" className="sr-only">
              Summary
            </h3>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={deliveryStatusTone[data.status]}>{deliveryStatusLabel[data.status]}</Badge>
              {data.replayOf && <Badge tone="info">Replay</Badge>}
              <span className="text-ink-soft">
                Queued <LocalTime date={data.createdAt} />
              </span>
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-muted">Event id</dt>
              <dd className="font-mono break-all text-ink">{data.eventId}</dd>
              {data.skipReason && (
                <>
                  <dt className="text-muted">Not sent</dt>
                  <dd className="text-ink">{labelOf(skipReasonLabel, data.skipReason)}</dd>
                </>
              )}
              {data.nextAttemptAt && (
                <>
                  <dt className="text-muted">Next attempt</dt>
                  <dd className="text-ink">
                    <LocalTime date={data.nextAttemptAt} />
                  </dd>
                </>
              )}
            </dl>
            {canReplay && (
              <div className="flex flex-col gap-2">
                <div>
                  <Button variant="secondary" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
                    <RotateCcw aria-hidden />
                    Retry this delivery
                  </Button>
                </div>
                {retry.isSuccess && (
                  <Notice tone="success" live>
                    Queued again as a new delivery with the same event id: it appears at the top of the list.
                  </Notice>
                )}
                <ErrorAlert error={retry.error} />
              </div>
            )}
          </section>

          <section aria-labelledby="delivery-payload" className="flex flex-col gap-2">
            <h3 id="delivery-payload" className="font-semibold text-ink">
              Payload
            </h3>
            {data.body ? (
              <CodeBlock text={formatted(data.body)} what="the payload" />
            ) : (
              <p className="text-muted">Not built yet: the event&apos;s body is written when it is first sent.</p>
            )}
          </section>

          <section aria-labelledby="delivery-attempts" className="flex flex-col gap-3">
            <h3 id="delivery-attempts" className="font-semibold text-ink">
              Attempts
            </h3>
            {data.attempts.length === 0 && <p className="text-muted">None yet.</p>}
            <ol className="flex flex-col gap-4">
              {data.attempts.map((attempt) => (
                <li key={attempt.number} className="flex flex-col gap-2 rounded-md border border-line p-3">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-medium text-ink">Attempt {attempt.number}</span>
                    <Badge tone={attempt.error ? "danger" : "success"}>{answerOf(attempt)}</Badge>
                    <span className="text-ink-soft tabular-nums">{attempt.latencyMs} ms</span>
                    <span className="text-muted">
                      <LocalTime date={attempt.at} />
                    </span>
                  </p>
                  {attempt.error && attempt.statusCode === undefined && <p className="text-danger">{attempt.error}</p>}
                  <div className="flex flex-col gap-1">
                    <p className="text-muted">Request headers as sent</p>
                    {attempt.headers ? (
                      <dl className="grid grid-cols-1 rounded-md border border-line bg-canvas p-3 gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
                        <dt className="text-muted">POST</dt>
                        <dd className="break-all text-ink">{attempt.url}</dd>
                        {Object.entries(attempt.headers).map(([name, value]) => (
                          <div key={name} className="contents">
                            <dt className="text-muted">{name}</dt>
                            <dd className="break-all text-ink">{value}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : (
                      <p className="text-ink-soft">Not kept for attempts made before the console showed them.</p>
                    )}
                  </div>
                  <div className="flex flex-col gap-1">
                    <p className="text-muted">Response body (first 2 KiB)</p>
                    {attempt.excerpt ? (
                      <CodeBlock text={attempt.excerpt} what={`attempt ${attempt.number}'s response body`} wrap />
                    ) : (
                      <p className="text-ink-soft">Empty.</p>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Sheet>
  );
}
