import { describe, expect, it } from "vitest";
import { blockStatus, countItemStates } from "../../lib/checklist-items/block-status";

// Spec, States and transitions, "Checklist result block and items": the block's own row, and what
// the item rows say of it. (The item transitions: tests/integration/checklist-item-transitions.test.ts.)
describe("the checklist result block's status", () => {
  it("row: block in_progress -> complete once the recording finished processing and every item is final", () => {
    expect(blockStatus(false, ["verified", "missed"])).toBe("in_progress");
    expect(blockStatus(true, ["verified", "pending"])).toBe("in_progress");
    expect(blockStatus(true, ["verified", "missed", "explained", "not_checked"])).toBe("complete");
  });

  it("an item that cannot be checked (not_checked) is final: the block does not wait for it", () => {
    expect(blockStatus(true, ["not_checked", "not_checked"])).toBe("complete");
  });

  it("a re-check reads in_progress meanwhile (the item pending again), then complete", () => {
    expect(blockStatus(true, ["verified", "not_checked"])).toBe("complete");
    expect(blockStatus(true, ["verified", "pending"])).toBe("in_progress");
    expect(blockStatus(true, ["verified", "missed"])).toBe("complete");
  });

  it("counts always name all five states, in the spec's order", () => {
    expect(countItemStates([])).toEqual({ verified: 0, missed: 0, explained: 0, not_checked: 0, pending: 0 });
    const counts = countItemStates(["missed", "verified", "missed", "pending"]);
    expect(Object.entries(counts)).toEqual([
      ["verified", 1],
      ["missed", 2],
      ["explained", 0],
      ["not_checked", 0],
      ["pending", 1],
    ]);
  });
});
