import { describe, expect, it } from "vitest";
import { timelineLanes } from "../../components/report/timeline-lanes";

describe("timelineLanes", () => {
  it("keeps marks far enough apart on one row", () => {
    expect(timelineLanes([10, 50, 90], 4, 3)).toEqual({ lanes: [0, 0, 0], count: 1 });
  });

  it("moves a mark too close to the one before it to the next row, in the order the marks were given", () => {
    expect(timelineLanes([52, 10, 50, 12], 4, 3)).toEqual({ lanes: [1, 0, 0, 1], count: 2 });
  });

  it("uses at most maxLanes rows, then the row whose last mark is furthest back", () => {
    const { lanes, count } = timelineLanes([0, 1, 2, 3, 4], 4, 3);
    expect(count).toBe(3);
    expect(lanes).toEqual([0, 1, 2, 0, 1]);
  });

  it("has one row when there is no mark", () => {
    expect(timelineLanes([], 4, 3)).toEqual({ lanes: [], count: 1 });
  });
});
