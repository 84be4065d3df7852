import { describe, expect, it } from "vitest";
import { gapBetween, internalWording, type Target, targetProblems } from "../support/tap-targets";

/* The rules the recorder's targets e2e measures with: each must be able to fail. */

const target = (describe: string, x: number, y: number, width: number, height: number, extra: Partial<Target> = {}): Target => ({
  describe: `<button> "${describe}"`,
  box: { x, y, width, height },
  reachable: true,
  contains: [],
  ...extra,
});

describe("tap target rules", () => {
  it("measures the empty space between two boxes, 0 when they touch or overlap", () => {
    expect(gapBetween({ x: 0, y: 0, width: 48, height: 48 }, { x: 0, y: 58, width: 48, height: 48 })).toBe(10);
    expect(gapBetween({ x: 0, y: 0, width: 48, height: 48 }, { x: 52, y: 0, width: 48, height: 48 })).toBe(4);
    expect(gapBetween({ x: 0, y: 0, width: 48, height: 48 }, { x: 20, y: 20, width: 48, height: 48 })).toBe(0);
  });

  it("passes 48 px targets 8 px apart and a 56 px main action", () => {
    expect(targetProblems([target("Done", 16, 700, 358, 56), target("Details", 16, 640, 60, 48)], "Done")).toEqual([]);
  });

  it("names a target under 48 px, a low main action, and neighbours closer than 8 px", () => {
    expect(targetProblems([target("Re-film", 16, 100, 170, 40)])).toEqual(['<button> "Re-film" is 170.0 x 40.0']);
    expect(targetProblems([target("Try again", 16, 100, 358, 48)], "Try again")).toEqual([
      'main action <button> "Try again" is 48.0 high',
    ]);
    expect(targetProblems([target("A", 0, 0, 100, 48), target("B", 104, 0, 100, 48)])).toEqual([
      '<button> "A" and <button> "B" are 4.0 px apart',
    ]);
    expect(targetProblems([target("A", 0, 0, 100, 48)], "Start")).toEqual(['no main action "Start"']);
  });

  it("does not space a target from what it wraps, nor from one out of the thumb's reach", () => {
    const label = target("Upload", 0, 0, 200, 48, { contains: [1] });
    const input = target("Upload", 0, 0, 200, 48);
    expect(targetProblems([label, input])).toEqual([]);
    expect(targetProblems([target("A", 0, 0, 100, 48), target("Under the bar", 0, 20, 100, 48, { reachable: false })])).toEqual(
      [],
    );
  });

  it("finds the server's wording and passes plain words", () => {
    for (const internal of ["Part 1 is already stored with other bytes.", "part_conflict", "Checksum mismatch", "error code 409"])
      expect(internal).toMatch(internalWording);
    expect("The upload stopped. Close the other one, then tap Try again.").not.toMatch(internalWording);
  });
});
