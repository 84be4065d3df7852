"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Moon, Play } from "lucide-react";
import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Badge, SeverityBadge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { Notice } from "@/components/ui/Notice";
import { PageHeader } from "@/components/ui/PageShell";
import { Select } from "@/components/ui/Select";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { cn } from "@/components/ui/cn";
import { formatVideoTime as videoTime } from "@/lib/format/dates";
import { categoryLabel, inspectionStatusLabel, severityLabel } from "@/lib/labels/labels";
import {
  failReasonLabel,
  findingSourceLabel,
  labelOf,
  reviewVerdictLabel,
  reviewVerdictTone,
  toneOf,
} from "@/lib/labels/console-labels";
import type { FindingCategory, FindingSeverity, InspectionStatus } from "@/lib/generated/prisma/enums";
import { staffFailReasons } from "@/lib/review/fail-reasons";
import { spansText } from "@/lib/review/dark-on-phone";
import type { ReviewView } from "@/lib/review/show-review";

const verdictKeys: Record<string, "verified" | "missed" | "not_checked"> = { v: "verified", m: "missed", n: "not_checked" };
const severities = Object.keys(severityLabel) as FindingSeverity[];
const categories = Object.keys(categoryLabel) as FindingCategory[];

/** "Play from 0:05": moves the video to a moment and pauses there. */
function SeekButton({ seconds, onSeek }: { seconds: number; onSeek: (seconds: number) => void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`Play from ${videoTime(seconds)}`} onClick={() => onSeek(seconds)}>
      <Play aria-hidden />
      {videoTime(seconds)}
    </Button>
  );
}

/** A reviewable row: focusable while it waits, so one keystroke decides it; the focus ring says which. */
const rowClass = (waiting: boolean) =>
  cn(
    "flex flex-col gap-2 rounded-md border p-3 outline-none focus-visible:ring-2 focus-visible:ring-focus",
    waiting ? "border-warning-line bg-warning-soft/40" : "border-line",
  );

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
  const [reason, setReason] = useState<string>(staffFailReasons[0]);
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

  const decideItem = (itemId: string, name: string, state: string) =>
    act.mutate({ path: `/items/${itemId}`, body: { state }, done: `${name}: ${labelOf(reviewVerdictLabel, state)}.` });

  const reviewFinding = (findingId: string, accept: boolean) =>
    act.mutate({ path: `/findings/${findingId}`, body: { accept }, done: accept ? "Finding accepted." : "Finding rejected." });

  function onItemKey(event: KeyboardEvent<HTMLElement>, itemId: string, name: string) {
    const state = verdictKeys[event.key.toLowerCase()];
    if (!state || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    decideItem(itemId, name, state);
  }

  function onFindingKey(event: KeyboardEvent<HTMLElement>, findingId: string) {
    const key = event.key.toLowerCase();
    if ((key !== "a" && key !== "r") || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    reviewFinding(findingId, key === "a");
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

  if (view.isPending)
    return (
      <>
        <PageHeader title="Review" />
        <SkeletonRows rows={6} label="Loading the walkthrough" />
      </>
    );
  if (view.isError)
    return (
      <>
        <PageHeader title="Review" />
        <ErrorAlert error={view.error} title="The walkthrough could not be loaded" />
      </>
    );
  const data = view.data;
  const waiting = data.items.filter((item) => item.reviewNeeded && item.state === "pending");
  const waitingFindings = data.findings.filter((finding) => finding.reviewNeeded && !finding.rejected);
  const open = data.status === "processing";
  const added = awaiting !== undefined && data.findings.some((finding) => finding.findingId === awaiting);
  const shownNotice = added && notice?.startsWith("Adding") ? "The finding is added." : notice;
  return (
    <>
      <PageHeader
        title="Review"
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge tone={open ? "warning" : data.status === "failed" ? "danger" : "success"}>
              {open ? "Waiting for review" : labelOf(inspectionStatusLabel as Record<InspectionStatus, string>, data.status)}
            </Badge>
            <span>
              {waiting.length} {waiting.length === 1 ? "item" : "items"} and {waitingFindings.length}{" "}
              {waitingFindings.length === 1 ? "finding" : "findings"} waiting
            </span>
            <code className="font-mono text-xs text-muted">{data.inspectionId}</code>
          </span>
        }
      />
      {(shownNotice || act.error) && (
        <div className="flex flex-col gap-2">
          {shownNotice && (
            <Notice tone="success" live>
              {shownNotice}
            </Notice>
          )}
          <ErrorAlert error={act.error} />
        </div>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:grid-rows-[auto_auto_1fr]">
        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1">
          {data.videoUrl && (
            <Card aria-labelledby="video-title">
              <CardHeader id="video-title" title="Walkthrough video" />
              <video
                ref={video}
                className="aspect-video w-full rounded-md bg-ink"
                src={data.videoUrl}
                controls
                preload="metadata"
                onPause={(event) => setPaused(event.currentTarget.currentTime)}
              />
              <p className="mt-2 text-sm text-muted">
                Paused at <span className="font-medium text-ink tabular-nums">{videoTime(paused)}</span>.
              </p>
              {data.darkOnPhone.length > 0 && (
                <p className="mt-1 text-sm text-ink" data-testid="dark-on-phone">
                  <Moon aria-hidden className="mr-1 inline size-4 text-muted" />
                  Too dark on the phone: <span className="tabular-nums">{spansText(data.darkOnPhone)}</span>
                </p>
              )}
              <p className="mt-1 text-xs text-muted">
                Keys on a waiting row: <kbd className="font-mono">V</kbd> verified, <kbd className="font-mono">M</kbd> missed,{" "}
                <kbd className="font-mono">N</kbd> not checked; <kbd className="font-mono">A</kbd> accept,{" "}
                <kbd className="font-mono">R</kbd> reject a finding.
              </p>
            </Card>
          )}
        </div>
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <Card aria-labelledby="items-title">
            <CardHeader
              id="items-title"
              title="Checklist"
              description={`${data.items.length} ${data.items.length === 1 ? "item" : "items"}, ${waiting.length} waiting.`}
            />
            <div className="flex flex-col gap-2">
              {data.items.map((item) => {
                const pending = item.reviewNeeded && item.state === "pending";
                const verdict = pending ? "waiting for a verdict" : labelOf(reviewVerdictLabel, item.state);
                return (
                  <article
                    key={item.itemId}
                    className={rowClass(pending)}
                    tabIndex={pending && open ? 0 : undefined}
                    aria-label={`${item.name}: ${verdict}`}
                    onKeyDown={pending && open ? (event) => onItemKey(event, item.itemId, item.name) : undefined}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="min-w-0 flex-1 text-sm font-semibold text-ink">{item.name}</h3>
                      <Badge tone={toneOf(reviewVerdictTone, item.state)}>
                        {pending ? "Waiting" : labelOf(reviewVerdictLabel, item.state)}
                      </Badge>
                      {item.timestampSeconds !== undefined && <SeekButton seconds={item.timestampSeconds} onSeek={seek} />}
                    </div>
                    {item.provider && (
                      <p className="text-sm text-ink-soft">
                        <span className="font-medium">Analysis: {labelOf(reviewVerdictLabel, item.provider.state)}</span> (
                        {Math.round(item.provider.confidence * 100)} % sure). {item.provider.rationale}
                      </p>
                    )}
                    {(item.filmingProblem || item.darkOnPhone) && (
                      <p className="text-sm text-muted">
                        {item.filmingProblem && `Filming: ${item.filmingProblem}.`}
                        {item.filmingProblem && item.darkOnPhone && " "}
                        {item.darkOnPhone && "Too dark on the phone at this moment."}
                      </p>
                    )}
                    {item.stillUrl && (
                      <img
                        className="w-full max-w-xs rounded-md border border-line"
                        src={item.stillUrl}
                        alt={`The moment ${item.name} was tapped`}
                      />
                    )}
                    {pending && open && (
                      <div className="flex flex-wrap gap-2">
                        {Object.entries(verdictKeys).map(([key, state]) => (
                          <Button
                            key={state}
                            variant="secondary"
                            size="sm"
                            disabled={act.isPending}
                            onClick={() => decideItem(item.itemId, item.name, state)}
                          >
                            {labelOf(reviewVerdictLabel, state)}{" "}
                            <kbd className="rounded-sm bg-subtle px-1 font-mono text-xs text-muted">{key.toUpperCase()}</kbd>
                          </Button>
                        ))}
                      </div>
                    )}
                  </article>
                );
              })}
            </div>
          </Card>

          <Card aria-labelledby="findings-title">
            <CardHeader
              id="findings-title"
              title="Findings"
              description={data.findings.length === 0 ? "None yet." : `${waitingFindings.length} waiting.`}
            />
            <div className="flex flex-col gap-2">
              {data.findings.map((finding) => {
                const pending = finding.reviewNeeded && !finding.rejected;
                return (
                  <article
                    key={finding.findingId}
                    className={rowClass(pending && open)}
                    tabIndex={pending && open ? 0 : undefined}
                    aria-label={`${finding.room}: ${finding.description}`}
                    onKeyDown={pending && open ? (event) => onFindingKey(event, finding.findingId) : undefined}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <SeverityBadge severity={finding.severity as FindingSeverity} />
                      <h3 className="text-sm font-semibold text-ink">{finding.room}</h3>
                      <span className="text-sm text-muted">
                        {labelOf(categoryLabel, finding.category)} · {labelOf(findingSourceLabel, finding.source)}
                      </span>
                      {finding.rejected && <Badge tone="neutral">Rejected</Badge>}
                      {pending && open && <Badge tone="warning">Waiting</Badge>}
                      <span className="flex-1" />
                      {finding.videoTimestampSeconds !== undefined && (
                        <SeekButton seconds={finding.videoTimestampSeconds} onSeek={seek} />
                      )}
                    </div>
                    <p className="text-sm text-ink">{finding.description}</p>
                    {(finding.before.length > 0 || finding.after.length > 0) && (
                      <div className="grid grid-cols-2 gap-2">
                        {finding.before.slice(0, 1).map((url) => (
                          <figure key={url} className="flex flex-col gap-1">
                            <img src={url} alt={`Before: ${finding.room}`} className="rounded-md border border-line" />
                            <figcaption className="text-xs text-muted">Before</figcaption>
                          </figure>
                        ))}
                        {finding.after.slice(0, 1).map((url) => (
                          <figure key={url} className="flex flex-col gap-1">
                            <img src={url} alt={`After: ${finding.description}`} className="rounded-md border border-line" />
                            <figcaption className="text-xs text-muted">After</figcaption>
                          </figure>
                        ))}
                      </div>
                    )}
                    {pending && open && (
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={act.isPending}
                          onClick={() => reviewFinding(finding.findingId, true)}
                        >
                          Accept <kbd className="rounded-sm bg-subtle px-1 font-mono text-xs text-muted">A</kbd>
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={act.isPending}
                          onClick={() => reviewFinding(finding.findingId, false)}
                        >
                          Reject <kbd className="rounded-sm bg-subtle px-1 font-mono text-xs text-muted">R</kbd>
                        </Button>
                      </div>
                    )}
                  </article>
                );
              })}
            </div>
            {open && data.videoUrl && (
              <form
                onSubmit={addFinding}
                aria-labelledby="add-finding-title"
                className={cn("flex flex-col gap-3", data.findings.length > 0 && "mt-5 border-t border-line pt-5")}
              >
                <div>
                  <h3 id="add-finding-title" className="text-sm font-semibold text-ink">
                    Add a finding at {videoTime(paused)}
                  </h3>
                  <p className="text-sm text-muted">
                    The paused frame becomes its “after” picture; the closest baseline picture is proposed as “before”.
                  </p>
                </div>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field id="finding-room" label="Room">
                    <Input name="room" required maxLength={80} />
                  </Field>
                  <Field id="finding-severity" label="Severity">
                    <Select name="severity" defaultValue="MODERATE">
                      {severities.map((value) => (
                        <option key={value} value={value}>
                          {severityLabel[value]}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field id="finding-category" label="Category">
                    <Select name="category" defaultValue="damage">
                      {categories.map((value) => (
                        <option key={value} value={value}>
                          {categoryLabel[value]}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
                <Field id="finding-description" label="Description">
                  <Input name="description" required maxLength={300} />
                </Field>
                <Button type="submit" disabled={act.isPending} className="self-start">
                  Add finding
                </Button>
              </form>
            )}
          </Card>
        </div>
        <div className="flex flex-col gap-6 empty:hidden lg:col-start-1 lg:row-start-2">
          {open && (
            <Card aria-labelledby="decision-title">
              <CardHeader
                id="decision-title"
                title="Decision"
                description="The last verdict releases the report on its own; release it earlier here."
              />
              <div className="flex flex-col gap-4">
                <Button
                  disabled={act.isPending}
                  onClick={() => act.mutate({ path: "/release", body: {}, done: "The report is released." })}
                  className="self-start"
                >
                  Release the report
                </Button>
                <div className="flex flex-col gap-2 border-t border-line pt-4 sm:flex-row sm:items-end">
                  <Field id="fail-reason" label="Reason to fail" className="flex-1">
                    <Select value={reason} onChange={(event) => setReason(event.target.value)}>
                      {staffFailReasons.map((value) => (
                        <option key={value} value={value}>
                          {labelOf(failReasonLabel, value)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <ConfirmDialog
                    title="Fail this inspection?"
                    description={`No report will be made. Reason: ${labelOf(failReasonLabel, reason).toLowerCase()}.`}
                    confirmLabel="Fail inspection"
                    onConfirm={() => act.mutate({ path: "/fail", body: { reason }, done: "The inspection failed." })}
                    trigger={
                      <Button variant="destructive" disabled={act.isPending}>
                        Fail
                      </Button>
                    }
                  />
                </div>
              </div>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
