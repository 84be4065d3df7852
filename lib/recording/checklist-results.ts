import "server-only";
import type { InitialItemState } from "../checklist-items/item-states";
import type { RecordingSource } from "../generated/prisma/enums";
import type { ChecklistSection } from "./open-inspection";

export interface SealedTap {
  seq: number;
  itemId: string;
  action: "check" | "uncheck";
  /** Seconds from the start of the whole video. */
  videoSeconds: number;
}

export interface ResultLine {
  position: number;
  itemId: string;
  name: string;
  state: InitialItemState;
  timestampSeconds?: number;
  finishedAnyway: boolean;
}

/**
 * The checklist result lines a sealed walkthrough starts with (spec, Checklist result block:
 * `items` are the items the cleaner worked through, in that order):
 * - items whose last tap checked them off, in the order of those taps: `pending` until a verdict
 *   arrives, stamped with that tap's second of the video;
 * - then items finished without filming ('Finish anyway': never checked, or checked where the
 *   camera did not show it), in checklist order: `missed`, stamped with their last check when
 *   there was one (the picture of the check it skipped);
 * - a walkthrough uploaded as a file has no taps: every item of its lists is `not_checked`.
 * An item left unchecked and not finished anyway was not worked through and has no line.
 */
export function checklistResults(input: {
  sections: ChecklistSection[];
  taps: SealedTap[];
  finishAnyway: string[];
  source: RecordingSource;
}): ResultLine[] {
  const items = input.sections.flatMap((section) => section.items);
  const nameOf = new Map(items.map((item) => [item.id, item.name]));
  if (input.source === "file") {
    return items.map((item, index) => ({
      position: index + 1,
      itemId: item.id,
      name: item.name,
      state: "not_checked",
      finishedAnyway: false,
    }));
  }

  const lastTap = new Map<string, SealedTap>();
  const lastCheck = new Map<string, SealedTap>();
  for (const tap of [...input.taps].sort((a, b) => a.seq - b.seq)) {
    lastTap.set(tap.itemId, tap);
    if (tap.action === "check") lastCheck.set(tap.itemId, tap);
  }
  const finishAnyway = new Set(input.finishAnyway);
  // A checked item finished anyway is one whose check the camera did not show (flagged while
  // walking) and that the cleaner chose not to film again: it ends missed too.
  const checked = [...lastTap.values()]
    .filter((tap) => tap.action === "check" && nameOf.has(tap.itemId) && !finishAnyway.has(tap.itemId))
    .sort((a, b) => a.seq - b.seq);
  const skipped = items.filter((item) => finishAnyway.has(item.id));

  const lines: Omit<ResultLine, "position">[] = [
    ...checked.map((tap) => ({
      itemId: tap.itemId,
      name: nameOf.get(tap.itemId)!,
      state: "pending" as const,
      timestampSeconds: tap.videoSeconds,
      finishedAnyway: false,
    })),
    ...skipped.map((item) => ({
      itemId: item.id,
      name: item.name,
      state: "missed" as const,
      timestampSeconds: lastCheck.get(item.id)?.videoSeconds,
      finishedAnyway: true,
    })),
  ];
  return lines.map((line, index) => ({ position: index + 1, ...line }));
}

export interface RunSpan {
  /** The recorder's run number (X-Recording-Run). */
  run: number;
  offsetSeconds: number;
  durationSeconds: number;
}

/**
 * A tap's second of the whole video: its run's offset plus its second within the run, kept
 * inside the run (a tap stamped a moment past the run's last frame belongs to its end). A tap in
 * a run that left no video (reloaded before its first segment) belongs to the end of the run
 * before it.
 */
export function videoSecondsOf(tap: { run: number; runSeconds: number }, spans: RunSpan[]): number {
  const own = spans.find((span) => span.run === tap.run);
  const seconds = own
    ? own.offsetSeconds + Math.min(Math.max(tap.runSeconds, 0), own.durationSeconds)
    : spans
        .filter((span) => span.run < tap.run)
        .reduce((end, span) => Math.max(end, span.offsetSeconds + span.durationSeconds), 0);
  return Math.round(seconds * 1000) / 1000;
}
