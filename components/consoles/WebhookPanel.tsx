"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { LocalTime } from "@/components/ui/LocalTime";
import { Notice } from "@/components/ui/Notice";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { formatDateTime } from "@/lib/format/dates";
import type { ReceiverView } from "@/lib/consoles/integration-operations";
import { DeliveriesTable } from "./DeliveriesTable";
import { OnceSecret } from "./OnceSecret";

/** A moment in a sentence of a notice: in the reader's zone (this is client code, after hydration). */
const when = (iso: string) => formatDateTime(new Date(iso), { locale: navigator.language });

/** The receiver, its secret's rotation, a test event, and the delivery log with replay. */
export function WebhookPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const base = `/api/console/partners/${partnerId}/webhook`;
  const [secret, setSecret] = useState<{ label: string; value: string }>();
  const [notice, setNotice] = useState<string>();
  const receiver = useQuery({ queryKey: ["webhook", partnerId], queryFn: () => callApi<{ receiver?: ReceiverView }>(base) });
  const refresh = () =>
    Promise.all(["webhook", "deliveries", "audit"].map((key) => client.invalidateQueries({ queryKey: [key] })));
  const act = useMutation({
    mutationFn: (input: { path: string; method: string; body: unknown }) =>
      callApi<Record<string, unknown>>(`${base}${input.path}`, { method: input.method, body: input.body }),
    onSuccess: async (answer, input) => {
      if (typeof answer.secret === "string") {
        setSecret({
          label: input.path === "" ? "The receiver's signing secret" : "The new signing secret",
          value: answer.secret,
        });
      }
      if (input.path === "/test") setNotice("A webhook.test event is on its way: watch the log below.");
      else if (input.path === "/replay")
        setNotice(`${String(answer.queued)} ${answer.queued === 1 ? "event" : "events"} queued again.`);
      else if (input.method === "DELETE") setNotice("Receiver removed: nothing more is sent until one is set.");
      else if (input.path === "/rotate")
        setNotice(
          answer.expired
            ? "The old secret no longer signs."
            : `The old secret signs too until ${when(String(answer.previousExpiresAt))}.`,
        );
      else if (answer.secretUnchanged === true)
        setNotice("The receiver is already this URL: its signing secret is unchanged (rotate for a new one).");
      else if (typeof answer.previousExpiresAt === "string")
        setNotice(`Receiver moved. The old secret signs too until ${when(answer.previousExpiresAt)}.`);
      else setNotice("Receiver saved.");
      await refresh();
    },
  });
  const run = (path: string, method: string, body: unknown = {}) => {
    setSecret(undefined);
    setNotice(undefined);
    act.mutate({ path, method, body });
  };

  function submitUrl(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run("", "PUT", { url: String(new FormData(event.currentTarget).get("url") ?? "") });
  }

  function submitSince(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = String(new FormData(event.currentTarget).get("since") ?? "");
    run("/replay", "POST", { since: local ? new Date(local).toISOString() : "" });
  }

  const current = receiver.data?.receiver;
  const titleId = `webhooks-${partnerId}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Webhooks"
        description="Events are signed with the receiver's secret and retried until your endpoint answers 2xx."
      />
      {receiver.isPending && <SkeletonRows rows={1} label="Loading the receiver" />}
      <ErrorAlert error={receiver.error} />
      {receiver.isSuccess && (
        <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-subtle px-3 py-2.5 text-sm">
          {current ? (
            <>
              <Badge tone="success">Receiving</Badge>
              <span className="text-ink-soft">
                Events go to <code className="font-mono break-all text-ink">{current.url}</code>.
              </span>
              {current.previousExpiresAt && (
                <span className="text-ink-soft">
                  Rotating: the old secret signs too until <LocalTime date={current.previousExpiresAt} />.
                </span>
              )}
            </>
          ) : (
            <>
              <span className="text-ink-soft">No receiver yet: events are kept and can be replayed once one is set.</span>
            </>
          )}
        </div>
      )}
      <form onSubmit={submitUrl} aria-label="Where events go" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`url-${partnerId}`} label="Receiver URL" className="flex-1">
          <Input
            name="url"
            type="url"
            required
            placeholder="https://example.com/webhooks/walkthrough"
            defaultValue={current?.url}
            key={current?.url}
          />
        </Field>
        <Button type="submit" disabled={act.isPending}>
          {current ? "Move receiver" : "Set receiver"}
        </Button>
      </form>
      {current && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={act.isPending} onClick={() => run("/test", "POST")}>
            <Send aria-hidden />
            Send a test event
          </Button>
          <Button variant="secondary" size="sm" disabled={act.isPending} onClick={() => run("/rotate", "POST", { days: 7 })}>
            <RotateCcw aria-hidden />
            Rotate secret (old one signs 7 more days)
          </Button>
          {current.previousExpiresAt && (
            <ConfirmDialog
              title="End the rotation now?"
              description="The old secret stops signing at once: a receiver still checking it refuses the next events."
              confirmLabel="End the rotation"
              onConfirm={() => run("/rotate", "POST", { days: 0 })}
              trigger={
                <Button variant="secondary" size="sm" disabled={act.isPending}>
                  End the rotation now
                </Button>
              }
            />
          )}
          <ConfirmDialog
            title="Remove the receiver?"
            description="Nothing more is sent until a receiver is set again; deliveries still pending end skipped."
            confirmLabel="Remove receiver"
            onConfirm={() => run("", "DELETE", undefined)}
            trigger={
              <Button variant="destructive" size="sm" disabled={act.isPending} className="sm:ml-auto">
                Remove the receiver
              </Button>
            }
          />
        </div>
      )}
      <div className="mt-4 flex flex-col gap-3 empty:hidden">
        {secret && <OnceSecret label={secret.label} value={secret.value} />}
        {notice && (
          <Notice tone="success" live>
            {notice}
          </Notice>
        )}
        <ErrorAlert error={act.error} />
      </div>

      <div className="mt-8 border-t border-line pt-6">
        <div className="mb-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h3 className="text-sm font-semibold text-ink">Deliveries</h3>
            <p className="text-sm text-muted">The last 30 days, newest first. Open one to see its payload and attempts.</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <form onSubmit={submitSince} aria-label="Replay since" className="flex min-w-0 items-end gap-2">
              <Field id={`since-${partnerId}`} label="Replay what was missed since" className="min-w-0 flex-1">
                <Input name="since" type="datetime-local" required />
              </Field>
              <Button type="submit" variant="secondary" disabled={act.isPending}>
                Replay
              </Button>
            </form>
          </div>
        </div>
        <DeliveriesTable partnerId={partnerId} canReplay={current !== undefined} />
      </div>
    </Card>
  );
}
