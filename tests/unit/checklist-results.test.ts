import { describe, expect, it } from "vitest";
import { checklistResults, videoSecondsOf } from "../../lib/recording/checklist-results";

const sections = [
  {
    type: "housekeeping" as const,
    items: [
      { id: "a", name: "Beds" },
      { id: "b", name: "Floors" },
      { id: "c", name: "Mirror" },
    ],
  },
  { type: "inspection" as const, items: [{ id: "d", name: "Smoke alarm" }] },
];
const tap = (seq: number, itemId: string, action: "check" | "uncheck", videoSeconds: number) => ({
  seq,
  itemId,
  action,
  videoSeconds,
});

describe("checklistResults", () => {
  it("lists checked items in the order of their last check, then items finished anyway as missed", () => {
    const lines = checklistResults({
      sections,
      taps: [
        tap(1, "b", "check", 4),
        tap(2, "a", "check", 9),
        tap(3, "b", "uncheck", 12),
        tap(4, "b", "check", 15),
        tap(5, "c", "check", 20),
        tap(6, "c", "uncheck", 22),
      ],
      finishAnyway: ["c", "d"],
      source: "camera",
    });
    expect(lines).toEqual([
      { position: 1, itemId: "a", name: "Beds", state: "pending", timestampSeconds: 9, finishedAnyway: false },
      { position: 2, itemId: "b", name: "Floors", state: "pending", timestampSeconds: 15, finishedAnyway: false },
      // Checked once, then unchecked and finished anyway: the picture of the check it skipped.
      { position: 3, itemId: "c", name: "Mirror", state: "missed", timestampSeconds: 20, finishedAnyway: true },
      { position: 4, itemId: "d", name: "Smoke alarm", state: "missed", timestampSeconds: undefined, finishedAnyway: true },
    ]);
  });

  it("leaves out an item neither checked nor finished anyway", () => {
    const lines = checklistResults({ sections, taps: [tap(1, "a", "check", 2)], finishAnyway: [], source: "camera" });
    expect(lines.map((line) => [line.itemId, line.state])).toEqual([["a", "pending"]]);
  });

  it("ends a checked item finished anyway (flagged while walking) missed, with the picture of its check", () => {
    const lines = checklistResults({
      sections,
      taps: [tap(1, "a", "check", 2), tap(2, "b", "check", 5)],
      finishAnyway: ["b"],
      source: "camera",
    });
    expect(lines.map((line) => [line.itemId, line.state, line.timestampSeconds, line.finishedAnyway])).toEqual([
      ["a", "pending", 2, false],
      ["b", "missed", 5, true],
    ]);
  });

  it("marks every item not_checked for a video uploaded as a file", () => {
    const lines = checklistResults({ sections, taps: [], finishAnyway: [], source: "file" });
    expect(lines.map((line) => [line.itemId, line.state, line.timestampSeconds])).toEqual([
      ["a", "not_checked", undefined],
      ["b", "not_checked", undefined],
      ["c", "not_checked", undefined],
      ["d", "not_checked", undefined],
    ]);
  });
});

describe("videoSecondsOf", () => {
  const spans = [
    { run: 0, offsetSeconds: 0, durationSeconds: 10.5 },
    { run: 2, offsetSeconds: 10.5, durationSeconds: 4 },
  ];
  it("adds the run's offset, and keeps a tap inside its run", () => {
    expect(videoSecondsOf({ run: 0, runSeconds: 3.25 }, spans)).toBe(3.25);
    expect(videoSecondsOf({ run: 2, runSeconds: 1 }, spans)).toBe(11.5);
    expect(videoSecondsOf({ run: 2, runSeconds: 9 }, spans)).toBe(14.5);
    expect(videoSecondsOf({ run: 0, runSeconds: -1 }, spans)).toBe(0);
  });
  it("puts a tap of a run that left no video at the end of the run before it", () => {
    expect(videoSecondsOf({ run: 1, runSeconds: 2 }, spans)).toBe(10.5);
    expect(videoSecondsOf({ run: 3, runSeconds: 2 }, spans)).toBe(14.5);
  });
});
