"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, FileArchive, Keyboard, Plus, XOctagon } from "lucide-react";

import { useEffect, useRef, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/Button";
import { LocalTime } from "@/components/ui/LocalTime";
import { callApi } from "@/components/ui/call-api";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Notice } from "@/components/ui/Notice";
import { PageHeader } from "@/components/ui/PageShell";
import { SkeletonRows } from "@/components/ui/Skeleton";
import { inspectionStatusLabel } from "@/lib/labels/labels";
import { labelOf, reuseSentence } from "@/lib/labels/console-labels";
import type { ReviewView } from "@/lib/review/show-review";
import { AddFindingDialog, type NewFinding } from "./review/AddFindingDialog";
import { DeskHeader } from "./review/DeskHeader";
import { deskRows, nextWaiting, type DeskRow } from "./review/desk-rows";
import { FindingRow, ItemRow } from "./review/DeskRows";
import { FailDialog } from "./review/FailDialog";
import { Kbd, KeysDialog } from "./review/KeysDialog";
import { VideoPane } from "./review/VideoPane";
import { useDecisions } from "./review/use-decisions";
import { useDeskKeys } from "./review/use-desk-keys";
import { usePlayer } from "./review/use-player";

/** Where "Release and next" goes: the oldest walkthrough nobody holds, or back to the queue. */
export const nextReviewPath = "/admin/review/next";

const verdictOf: Readonly<Record<string, string>> = { v: "verified", m: "missed", n: "not_checked" };

/**
 * One sealed walkthrough under review, Linear's triage for a video: the video and its timeline stay
 * in view on the left, the items and findings are rows on the right that J and K move through, and
 * every decision is one key (the contract is in ./review/desk-keys.ts, shown by `?`).
 */
export function ReviewDesk({ inspectionId }: { inspectionId: string }) {
  const player = usePlayer();
  const decisions = useDecisions(inspectionId);
  const [focused, setFocused] = useState<string>();
  const [dialog, setDialog] = useState<"keys" | "add" | "fail">();
  const [awaiting, setAwaiting] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const rowRefs = useRef(new Map<string, HTMLElement>());
  const view = useQuery({
    queryKey: ["review", inspectionId],
    queryFn: () => callApi<ReviewView>(`/api/console/review/${inspectionId}`),
    // While a finding is being made from a frame (a job), look again until it is there.
    refetchInterval: (query) => {
      const view = query.state.data;
      const missing = awaiting !== undefined && !view?.findings.some((finding) => finding.findingId === awaiting);
      return missing || (view?.findingsBeingMade ?? 0) > 0 ? 1000 : false;
    },
  });
  const data = view.data;
  const rows = data ? deskRows(data) : [];
  const open = data?.status === "processing";
  // A released or failed walkthrough has nothing left to decide, whatever its rows say.
  const waitingCount = open ? rows.filter((row) => row.waiting).length : 0;
  // A finding still being made from its frame (a job) would be refused once the report is out: wait
  // for it, whether added just now or before a reload.
  const making =
    (awaiting !== undefined && !data?.findings.some((finding) => finding.findingId === awaiting)) ||
    (data?.findingsBeingMade ?? 0) > 0;
  // Released or failed elsewhere (or by this desk's F), Enter only moves on.
  const canRelease = !!data && waitingCount === 0 && !decisions.saving && !making && !leaving;

  function focusRow(row: DeskRow | undefined, jump: boolean) {
    if (!row) return;
    setFocused(row.key);
    const element = rowRefs.current.get(row.key);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: "nearest" });
    if (jump && row.seconds !== undefined) player.seek(row.seconds);
  }

  // A reload resumes where the reviewer was: on the first row still waiting.
  const loaded = !!data;
  useEffect(() => {
    if (!loaded || focused) return;
    const first = rows.find((row) => row.waiting) ?? rows[0];
    focusRow(first, true);
    // Only once, when the walkthrough first arrives.
  }, [loaded]);

  const current = rows.find((row) => row.key === focused);

  function decide(key: string) {
    if (!current || !current.waiting || !open) return;
    if (current.kind === "item") {
      const state = verdictOf[key];
      if (!state) return;
      void decisions.decideItem(current.item.itemId, current.item.name, state);
    } else {
      if (key !== "v" && key !== "r") return;
      void decisions.reviewFinding(current.finding.findingId, current.finding.room, key === "v");
    }
    focusRow(nextWaiting(rows, current.key) ?? current, true);
  }

  async function releaseAndNext() {
    if (!canRelease || !data) return;
    setLeaving(true);
    const answer = open ? await decisions.release() : {};
    if (!answer) return setLeaving(false);
    // A document load, not the router's: /admin/review/next is a route handler that holds the next
    // walkthrough and redirects to it, which the client router's fetch does not follow as a page.
    window.location.assign(nextReviewPath);
  }

  async function addFinding(finding: NewFinding) {
    setDialog(undefined);
    const atSeconds = player.now();
    setNotice(`Adding the finding at ${atSeconds.toFixed(1)} s…`);
    const answer = await decisions.addFinding({ ...finding, atSeconds }, finding.room);
    if (typeof answer?.findingId === "string") setAwaiting(answer.findingId);
    else setNotice(undefined);
  }

  useDeskKeys({
    enabled: !!data && dialog === undefined,
    onKey: (key, shift) => {
      const index = rows.findIndex((row) => row.key === focused);
      switch (key) {
        case "j":
          return focusRow(rows[Math.min(rows.length - 1, index + 1)], true);
        case "k":
          return focusRow(rows[Math.max(0, index - 1)], true);
        case "v":
        case "m":
        case "n":
        case "r":
          return decide(key);
        case " ":
          return player.toggle();
        case "ArrowLeft":
          return player.nudge(shift ? -5 : -1);
        case "ArrowRight":
          return player.nudge(shift ? 5 : 1);
        case "a":
          if (open && data?.videoUrl) {
            player.video.current?.pause();
            setDialog("add");
          }
          return;
        case "f":
          if (open) setDialog("fail");
          return;
        case "w": {
          // The analysis's reasons for the row in focus, opened or closed where they are.
          const details =
            current && rowRefs.current.get(current.key)?.querySelector<HTMLDetailsElement>("details[data-rationale]");
          if (details) details.open = !details.open;
          return;
        }
        case "?":
          return setDialog("keys");
        case "Enter":
          return void releaseAndNext();
      }
    },
  });

  if (view.isPending)
    return (
      <>
        <PageHeader title="Review" />
        <SkeletonRows rows={6} label="Loading the walkthrough" />
      </>
    );
  if (view.isError || !data)
    return (
      <>
        <PageHeader title="Review" />
        <ErrorAlert error={view.error} title="The walkthrough could not be loaded" />
      </>
    );

  const added = awaiting !== undefined && data.findings.some((finding) => finding.findingId === awaiting);
  const shownNotice = added && notice?.startsWith("Adding") ? "The finding is added." : notice;
  const items = rows.filter((row) => row.kind === "item");
  const findings = rows.filter((row) => row.kind === "finding");
  const rowProps = (row: DeskRow) => ({
    ref: (element: HTMLElement | null) => {
      if (element) rowRefs.current.set(row.key, element);
      else rowRefs.current.delete(row.key);
    },
    waiting: row.waiting && open,
    focused: focused === row.key,
    onFocus: () => setFocused(row.key),
    onClick: () => focusRow(row, true),
  });

  return (
    <div className="flex flex-col gap-4">
      <DeskHeader
        header={data.header}
        status={
          open
            ? { label: "Waiting for review", tone: "warning" }
            : {
                label: labelOf(inspectionStatusLabel as Record<string, string>, data.status),
                tone: data.status === "failed" ? "danger" : "success",
              }
        }
        open={open}
        waiting={
          !open
            ? data.status === "completed"
              ? "Released: Enter goes on to the next walkthrough."
              : "Closed: nothing is left to decide. Enter goes on to the next walkthrough."
            : waitingCount === 0
              ? making
                ? "Cutting the new finding's picture from the video…"
                : "Nothing waits: Enter releases the report and opens the next walkthrough."
              : `${waitingCount} ${waitingCount === 1 ? "decision" : "decisions"} waiting`
        }
        actions={
          <>
            {data.evidence && (
              // A plain link: the route answers with a redirect to a freshly signed packet link.
              <a
                href={`/api/console/review/${inspectionId}/evidence`}
                className={buttonVariants({ variant: "secondary", size: "sm" })}
              >
                <FileArchive aria-hidden /> Evidence packet
              </a>
            )}
            <Button variant="ghost" size="sm" onClick={() => setDialog("keys")}>
              <Keyboard aria-hidden /> Keys <Kbd>?</Kbd>
            </Button>
            <Button data-release onClick={() => void releaseAndNext()} disabled={!canRelease}>
              {open ? "Release and next" : "Next walkthrough"} <Kbd>Enter</Kbd>
              <ArrowRight aria-hidden />
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-2 empty:hidden">
        {data.evidence && data.evidence.reuse.length > 0 && (
          <Notice tone="warning" title="This video may have been handed in before">
            <ul className="flex flex-col gap-1">
              {data.evidence.reuse.map((flag) => (
                <li key={flag.inspectionId}>
                  {reuseSentence(flag.similarity)} {flag.home}, recorded <LocalTime date={flag.recordedAt} />. Check that it shows
                  this clean, not an earlier one.
                </li>
              ))}
            </ul>
          </Notice>
        )}
        {decisions.failed && <Notice tone="error">{decisions.failed}</Notice>}
        {shownNotice && (
          <Notice tone="success" live>
            {shownNotice}
          </Notice>
        )}
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,7fr)_minmax(0,6fr)]">
        <div className="flex flex-col gap-4 lg:sticky lg:top-4">
          {data.videoUrl ? (
            <VideoPane
              url={data.videoUrl}
              duration={data.durationSeconds}
              dark={data.darkOnPhone}
              rows={open ? rows : rows.map((row) => ({ ...row, waiting: false }))}
              focused={focused}
              player={player}
              onJump={(row) => focusRow(row, true)}
            />
          ) : (
            <Notice tone="warning">This walkthrough has no video.</Notice>
          )}
          {open && (
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" size="sm" onClick={() => setDialog("add")} disabled={!data.videoUrl}>
                <Plus aria-hidden /> Add a finding here <Kbd>A</Kbd>
              </Button>
              <span className="flex-1" />
              <Button
                variant="ghost"
                size="sm"
                className="text-danger hover:bg-danger-soft hover:text-danger"
                onClick={() => setDialog("fail")}
              >
                <XOctagon aria-hidden /> Fail inspection… <Kbd>F</Kbd>
              </Button>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-5">
          <section aria-labelledby="items-title" className="flex flex-col gap-2">
            <h2 id="items-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
              Checklist · {items.length}
            </h2>
            {items.map((row) => row.kind === "item" && <ItemRow key={row.key} item={row.item} {...rowProps(row)} />)}
          </section>
          <section aria-labelledby="findings-title" className="flex flex-col gap-2">
            <h2 id="findings-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
              Findings · {findings.length}
            </h2>
            {findings.length === 0 && (
              <p className="text-sm text-muted">{open ? "None yet. Pause on a problem and press A." : "None."}</p>
            )}
            {findings.map(
              (row) => row.kind === "finding" && <FindingRow key={row.key} finding={row.finding} {...rowProps(row)} />,
            )}
          </section>
        </div>
      </div>
      <KeysDialog open={dialog === "keys"} onOpenChange={(isOpen) => setDialog(isOpen ? "keys" : undefined)} />
      <AddFindingDialog
        open={dialog === "add"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "add" : undefined)}
        atSeconds={player.time}
        onSave={(finding) => void addFinding(finding)}
      />
      <FailDialog
        open={dialog === "fail"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "fail" : undefined)}
        onFail={(reason) => {
          setDialog(undefined);
          void decisions.fail(reason).then((answer) => answer && setNotice("The inspection failed."));
        }}
      />
    </div>
  );
}
