"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import type { DeliveriesAnswer, ReceiverView } from "@/lib/consoles/integration-operations";
import { OnceSecret } from "./OnceSecret";

const time = (iso: string) => iso.slice(0, 19).replace("T", " ");

/** The receiver, its secret's rotation, a test event, and the delivery log with replay. */
export function WebhookPanel({ partnerId }: { partnerId: string }) {
  const client = useQueryClient();
  const base = `/api/console/partners/${partnerId}/webhook`;
  const [secret, setSecret] = useState<{ label: string; value: string }>();
  const [notice, setNotice] = useState<string>();
  const [status, setStatus] = useState("");
  const receiver = useQuery({ queryKey: ["webhook", partnerId], queryFn: () => callApi<{ receiver?: ReceiverView }>(base) });
  const deliveries = useInfiniteQuery({
    queryKey: ["deliveries", partnerId, status],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ ...(status ? { status } : {}), ...(pageParam ? { before: pageParam } : {}) });
      return callApi<DeliveriesAnswer>(`${base}/deliveries${query.size ? `?${query}` : ""}`);
    },
    initialPageParam: "",
    getNextPageParam: (page) => page.next,
    refetchInterval: 5000,
  });
  const shown = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
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
      else if (input.path === "/replay") setNotice(`${String(answer.queued)} event(s) queued again.`);
      else if (input.path.endsWith("/replay")) setNotice("Queued again as a new delivery with the same event_id.");
      else if (input.method === "DELETE") setNotice("Receiver removed: nothing more is sent until one is set.");
      else if (input.path === "/rotate")
        setNotice(
          answer.expired
            ? "The old secret no longer signs."
            : `The old secret signs too until ${time(String(answer.previousExpiresAt))}.`,
        );
      else if (answer.secretUnchanged === true)
        setNotice("The receiver is already this URL: its signing secret is unchanged (rotate for a new one).");
      else if (typeof answer.previousExpiresAt === "string")
        setNotice(`Receiver moved. The old secret signs too until ${time(answer.previousExpiresAt)}.`);
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
  return (
    <section className={styles.card} aria-labelledby={`webhooks-${partnerId}`}>
      <h2 id={`webhooks-${partnerId}`}>Webhooks</h2>
      {receiver.isPending && <p role="status">Loading…</p>}
      <ErrorAlert error={receiver.error} />
      {receiver.isSuccess && (
        <p>
          {current ? (
            <>
              Events go to <code>{current.url}</code>.
              {current.previousExpiresAt && ` Rotating: the old secret signs too until ${time(current.previousExpiresAt)}.`}
            </>
          ) : (
            "No receiver yet: events are kept and can be replayed once one is set."
          )}
        </p>
      )}
      <form onSubmit={submitUrl} className={styles.filters} aria-label="Where events go">
        <div className={styles.field} style={{ flex: "1 1 320px" }}>
          <label htmlFor={`url-${partnerId}`}>Receiver URL</label>
          <input
            id={`url-${partnerId}`}
            name="url"
            type="url"
            required
            placeholder="https://example.com/webhooks/walkthrough"
            defaultValue={current?.url}
            key={current?.url}
            className={styles.input}
          />
        </div>
        <button type="submit" className={styles.button} disabled={act.isPending}>
          {current ? "Move receiver" : "Set receiver"}
        </button>
      </form>
      {current && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            disabled={act.isPending}
            onClick={() => run("/rotate", "POST", { days: 7 })}
          >
            Rotate secret (old one signs 7 more days)
          </button>
          {current.previousExpiresAt && (
            <button
              type="button"
              className={styles.secondary}
              disabled={act.isPending}
              onClick={() => window.confirm("Stop the old secret signing now?") && run("/rotate", "POST", { days: 0 })}
            >
              End the rotation now
            </button>
          )}
          <button type="button" className={styles.secondary} disabled={act.isPending} onClick={() => run("/test", "POST")}>
            Send a test event
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={act.isPending}
            onClick={() =>
              window.confirm("Stop sending events? Deliveries still pending end skipped.") && run("", "DELETE", undefined)
            }
          >
            Remove the receiver
          </button>
        </div>
      )}
      {secret && <OnceSecret label={secret.label} value={secret.value} />}
      {notice && <p role="status">{notice}</p>}
      <ErrorAlert error={act.error} />

      <h3>Deliveries</h3>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor={`status-${partnerId}`}>Show</label>
          <select
            id={`status-${partnerId}`}
            className={styles.select}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">All</option>
            <option value="failed">Failed</option>
            <option value="pending">Pending</option>
            <option value="delivered">Delivered</option>
            <option value="skipped">Skipped</option>
          </select>
        </div>
        <form onSubmit={submitSince} className={styles.filters} aria-label="Replay since">
          <div className={styles.field}>
            <label htmlFor={`since-${partnerId}`}>Replay what was missed since</label>
            <input id={`since-${partnerId}`} name="since" type="datetime-local" required className={styles.input} />
          </div>
          <button type="submit" className={styles.secondary} disabled={act.isPending}>
            Replay
          </button>
        </form>
      </div>
      {deliveries.isPending && <p role="status">Loading deliveries…</p>}
      <ErrorAlert error={deliveries.error} />
      {deliveries.isSuccess && shown.length === 0 && <p>No deliveries{status ? ` ${status}` : ""} in the last 30 days.</p>}
      {shown.map((delivery) => (
        <details key={delivery.id} className={styles.delivery}>
          <summary>
            <code>{delivery.eventType}</code> · {delivery.status}
            {delivery.skipReason ? ` (${delivery.skipReason})` : ""} · {time(delivery.createdAt)} · {delivery.attempts.length}{" "}
            attempt(s)
            {delivery.replayOf ? " · replay" : ""}
          </summary>
          <p className={styles.muted}>
            Event <code>{delivery.eventId}</code>
          </p>
          <ol>
            {delivery.attempts.map((attempt) => (
              <li key={attempt.number}>
                {time(attempt.at)}: {attempt.statusCode ? `HTTP ${attempt.statusCode}` : (attempt.error ?? "no answer")} in{" "}
                {attempt.latencyMs} ms
                {attempt.excerpt && <pre className={styles.excerpt}>{attempt.excerpt}</pre>}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={styles.secondary}
            disabled={act.isPending}
            onClick={() => run(`/deliveries/${delivery.id}/replay`, "POST")}
          >
            Replay this event
          </button>
        </details>
      ))}
      {deliveries.hasNextPage && (
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void deliveries.fetchNextPage()}
          disabled={deliveries.isFetchingNextPage}
        >
          {deliveries.isFetchingNextPage ? "Loading…" : "Show older deliveries"}
        </button>
      )}
    </section>
  );
}
