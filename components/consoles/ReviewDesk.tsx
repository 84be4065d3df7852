"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import styles from "@/components/shell/shell.module.css";
import { formatVideoTime as videoTime } from "@/lib/format/dates";
import { staffFailReasons } from "@/lib/review/fail-reasons";
import type { ReviewView } from "@/lib/review/show-review";

const verdictKeys: Record<string, "verified" | "missed" | "not_checked"> = { v: "verified", m: "missed", n: "not_checked" };

/**
 * One sealed walkthrough under review: each waiting item with its still, its second in the video
 * and the provider's verdict beside it, decided in one keystroke (V, M, N; A or R for a finding);
 * findings added from the paused frame; release or fail.
 */
export function ReviewDesk({ inspectionId }: { inspectionId: string }) {
  const client = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [awaiting, setAwaiting] = useState<string>();
  const base = `/api/console/review/${inspectionId}`;
  const view = useQuery({
    queryKey: ["review", inspectionId],
    queryFn: () => callApi<ReviewView>(base),
    // While a finding is being made from a frame, look again until it is there.
    refetchInterval: (query) =>
      awaiting && !query.state.data?.findings.some((finding) => finding.findingId === awaiting) ? 1500 : false,
  });
  const act = useMutation({
    mutationFn: (input: { path: string; body: unknown; done: string }) =>
      callApi<Record<string, unknown>>(`${base}${input.path}`, { method: "POST", body: input.body }),
    onSuccess: async (answer, input) => {
      setNotice(answer.released ? `${input.done} The report is released.` : input.done);
      if (typeof answer.findingId === "string") setAwaiting(answer.findingId);
      await client.invalidateQueries({ queryKey: ["review", inspectionId] });
    },
  });

  const seek = (seconds?: number) => {
    if (seconds === undefined || !video.current) return;
    video.current.currentTime = seconds;
    video.current.pause();
    setPaused(seconds);
  };

  function onItemKey(event: KeyboardEvent<HTMLElement>, itemId: string, name: string) {
    const state = verdictKeys[event.key.toLowerCase()];
    if (!state || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    act.mutate({ path: `/items/${itemId}`, body: { state }, done: `${name}: ${state.replace("_", " ")}.` });
  }

  function onFindingKey(event: KeyboardEvent<HTMLElement>, findingId: string) {
    const key = event.key.toLowerCase();
    if ((key !== "a" && key !== "r") || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    act.mutate({
      path: `/findings/${findingId}`,
      body: { accept: key === "a" },
      done: key === "a" ? "Finding accepted." : "Finding rejected.",
    });
  }

  function addFinding(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const atSeconds = video.current ? Math.round(video.current.currentTime * 10) / 10 : undefined;
    act.mutate({
      path: "/findings",
      body: {
        room: form.get("room"),
        severity: form.get("severity"),
        category: form.get("category"),
        description: form.get("description"),
        atSeconds,
      },
      done: `Adding the finding with the frame at ${videoTime(atSeconds ?? 0)}…`,
    });
    event.currentTarget.reset();
  }

  if (view.isPending) return <p role="status">Loading the walkthrough…</p>;
  if (view.isError) {
    return (
      <p className={styles.error} role="alert">
        {view.error.message}
      </p>
    );
  }
  const data = view.data;
  const waiting = data.items.filter((item) => item.reviewNeeded && item.state === "pending");
  const open = data.status === "processing";
  const added = awaiting !== undefined && data.findings.some((finding) => finding.findingId === awaiting);
  const shownNotice = added && notice?.startsWith("Adding") ? "The finding is added." : notice;
  return (
    <>
      <div>
        <h1 className={styles.title}>Review</h1>
        <p className={styles.subtitle}>
          Inspection <code>{data.inspectionId}</code> · {data.status} · {waiting.length} item(s) and{" "}
          {data.findings.filter((finding) => finding.reviewNeeded && !finding.rejected).length} finding(s) waiting
        </p>
      </div>
      {data.videoUrl && (
        <section className={styles.card} aria-labelledby="video-title">
          <h2 id="video-title">Walkthrough video</h2>
          <video
            ref={video}
            className={styles.video}
            src={data.videoUrl}
            controls
            preload="metadata"
            onPause={(event) => setPaused(event.currentTarget.currentTime)}
          />
          <p className={styles.muted}>
            Paused at {videoTime(paused)}. Keys: V verified, M missed, N not checked on an item; A accept, R reject on a finding.
          </p>
        </section>
      )}
      {shownNotice && <p role="status">{shownNotice}</p>}
      <ErrorAlert error={act.error} />

      <section className={styles.card} aria-labelledby="items-title">
        <h2 id="items-title">Checklist</h2>
        {data.items.map((item) => {
          const pending = item.reviewNeeded && item.state === "pending";
          return (
            <article
              key={item.itemId}
              className={styles.finding}
              tabIndex={pending && open ? 0 : undefined}
              aria-label={`${item.name}: ${pending ? "waiting for a verdict" : item.state}`}
              onKeyDown={pending && open ? (event) => onItemKey(event, item.itemId, item.name) : undefined}
            >
              <div className={styles.findingHead}>
                <strong>{item.name}</strong> <span className={styles.badge}>{pending ? "waiting" : item.state}</span>
                {item.timestampSeconds !== undefined && (
                  <button type="button" className={styles.seek} onClick={() => seek(item.timestampSeconds)}>
                    ▶ {videoTime(item.timestampSeconds)}
                  </button>
                )}
              </div>
              {item.provider && (
                <p className={styles.muted}>
                  Provider: {item.provider.state} ({Math.round(item.provider.confidence * 100)} %): {item.provider.rationale}
                </p>
              )}
              {item.filmingProblem && <p className={styles.muted}>Filming: {item.filmingProblem}</p>}
              {item.stillUrl && (
                <img
                  className={styles.itemPicture}
                  style={{ maxWidth: 360 }}
                  src={item.stillUrl}
                  alt={`The moment ${item.name} was tapped`}
                />
              )}
              {pending && open && (
                <div className={styles.actions}>
                  {Object.entries(verdictKeys).map(([key, state]) => (
                    <button
                      key={state}
                      type="button"
                      className={styles.secondary}
                      disabled={act.isPending}
                      onClick={() =>
                        act.mutate({
                          path: `/items/${item.itemId}`,
                          body: { state },
                          done: `${item.name}: ${state.replace("_", " ")}.`,
                        })
                      }
                    >
                      {state.replace("_", " ")} ({key.toUpperCase()})
                    </button>
                  ))}
                </div>
              )}
            </article>
          );
        })}
      </section>

      <section className={styles.card} aria-labelledby="findings-title">
        <h2 id="findings-title">Findings</h2>
        {data.findings.length === 0 && <p>No findings.</p>}
        {data.findings.map((finding) => {
          const pending = finding.reviewNeeded && !finding.rejected;
          return (
            <article
              key={finding.findingId}
              className={styles.finding}
              tabIndex={pending && open ? 0 : undefined}
              aria-label={`${finding.room}: ${finding.description}`}
              onKeyDown={pending && open ? (event) => onFindingKey(event, finding.findingId) : undefined}
            >
              <div className={styles.findingHead}>
                <span className={`${styles.badge} ${styles[finding.severity] ?? ""}`}>{finding.severity}</span>{" "}
                <strong>{finding.room}</strong> · {finding.category} · {finding.source}
                {finding.rejected ? " · rejected" : pending ? " · waiting" : ""}
                {finding.videoTimestampSeconds !== undefined && (
                  <button type="button" className={styles.seek} onClick={() => seek(finding.videoTimestampSeconds)}>
                    ▶ {videoTime(finding.videoTimestampSeconds)}
                  </button>
                )}
              </div>
              <p>{finding.description}</p>
              <div className={styles.pictures}>
                {finding.before.slice(0, 1).map((url) => (
                  <figure key={url}>
                    <img src={url} alt={`Before: ${finding.room}`} />
                    <figcaption>Before</figcaption>
                  </figure>
                ))}
                {finding.after.slice(0, 1).map((url) => (
                  <figure key={url}>
                    <img src={url} alt={`After: ${finding.description}`} />
                    <figcaption>After</figcaption>
                  </figure>
                ))}
              </div>
              {pending && open && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={act.isPending}
                    onClick={() =>
                      act.mutate({ path: `/findings/${finding.findingId}`, body: { accept: true }, done: "Finding accepted." })
                    }
                  >
                    Accept (A)
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={act.isPending}
                    onClick={() =>
                      act.mutate({ path: `/findings/${finding.findingId}`, body: { accept: false }, done: "Finding rejected." })
                    }
                  >
                    Reject (R)
                  </button>
                </div>
              )}
            </article>
          );
        })}
        {open && data.videoUrl && (
          <form onSubmit={addFinding} aria-label="Add a finding at the paused frame">
            <h3>Add a finding at {videoTime(paused)}</h3>
            <p className={styles.muted}>
              The paused frame becomes its “after” picture; the closest baseline picture is proposed as “before”.
            </p>
            <div className={styles.filters}>
              <div className={styles.field}>
                <label htmlFor="finding-room">Room</label>
                <input id="finding-room" name="room" required maxLength={80} className={styles.input} />
              </div>
              <div className={styles.field}>
                <label htmlFor="finding-severity">Severity</label>
                <select id="finding-severity" name="severity" className={styles.select} defaultValue="MODERATE">
                  <option value="MINOR">Minor</option>
                  <option value="MODERATE">Moderate</option>
                  <option value="MAJOR">Major</option>
                </select>
              </div>
              <div className={styles.field}>
                <label htmlFor="finding-category">Category</label>
                <select id="finding-category" name="category" className={styles.select} defaultValue="damage">
                  <option value="damage">Damage</option>
                  <option value="cleaning">Cleaning</option>
                  <option value="lost_item">Lost item</option>
                </select>
              </div>
            </div>
            <div className={styles.field}>
              <label htmlFor="finding-description">Description</label>
              <input id="finding-description" name="description" required maxLength={300} className={styles.input} />
            </div>
            <button type="submit" className={styles.button} disabled={act.isPending}>
              Add finding
            </button>
          </form>
        )}
      </section>

      {open && (
        <section className={styles.card} aria-labelledby="decision-title">
          <h2 id="decision-title">Decision</h2>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.button}
              disabled={act.isPending}
              onClick={() => act.mutate({ path: "/release", body: {}, done: "The report is released." })}
            >
              Release the report
            </button>
            <form
              className={styles.actions}
              aria-label="Fail the inspection"
              onSubmit={(event) => {
                event.preventDefault();
                const reason = String(new FormData(event.currentTarget).get("reason"));
                if (window.confirm("Fail this inspection? No report will be made."))
                  act.mutate({ path: "/fail", body: { reason }, done: "The inspection failed." });
              }}
            >
              <label htmlFor="fail-reason" className={styles.srOnly}>
                Reason
              </label>
              <select id="fail-reason" name="reason" className={styles.select}>
                {staffFailReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reason.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
              <button type="submit" className={styles.secondary} disabled={act.isPending}>
                Fail
              </button>
            </form>
          </div>
        </section>
      )}
    </>
  );
}
