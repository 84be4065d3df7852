import { describe, expect, it } from "vitest";
import { darkAt, joinSpans, spansText } from "../../lib/review/dark-on-phone";

// The phone's too-dark seconds as the review desk shows them (lib/review/dark-on-phone.ts).

describe("the phone's dark spans on the review desk", () => {
  it("joins spans that touch within the preview's sampling, in order", () => {
    expect(
      joinSpans([
        { from: 20, to: 21 },
        { from: 12, to: 15 },
        { from: 15.4, to: 20.2 },
        { from: 40, to: 40 },
      ]),
    ).toEqual([
      { from: 12, to: 21 },
      { from: 40, to: 40 },
    ]);
  });

  it("counts a tap within half a second of a span as in it", () => {
    const spans = [{ from: 12, to: 20 }];
    expect([11.4, 11.6, 16, 20.5, 20.6].map((seconds) => darkAt(spans, seconds))).toEqual([false, true, true, true, false]);
    expect(darkAt([], 3)).toBe(false);
  });

  it("reads as minutes and seconds, one second once", () => {
    expect(
      spansText([
        { from: 12.4, to: 20.9 },
        { from: 65, to: 65.3 },
      ]),
    ).toBe("0:12–0:20, 1:05");
  });
});
