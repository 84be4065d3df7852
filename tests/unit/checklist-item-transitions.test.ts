import { describe, expect, it } from "vitest";
import { itemTransitions } from "../../lib/checklist-items/item-transitions";

// The guards of lib/checklist-items/item-transitions.ts against the spec's table "Checklist result
// block and items", row by row. Each guarded update's behaviour on the database, from every state:
// tests/integration/checklist-item-transitions.test.ts.
describe("the item transitions' guards follow the spec's table", () => {
  it("row: item pending, verdict arrives -> verified or missed, or not_checked (explained comes through missed)", () => {
    expect(itemTransitions.recordVerdict).toEqual({ from: ["pending"], to: ["verified", "missed"] });
    expect(itemTransitions.markNotChecked).toEqual({ from: ["pending"], to: ["not_checked"] });
    // Waiting for staff is no verdict: the item stays pending, the block in_progress.
    expect(itemTransitions.awaitStaff).toEqual({ from: ["pending"], to: ["pending"] });
  });

  it("row: item (unchecked), cannot be checked -> not_checked (only from pending)", () => {
    expect(itemTransitions.markNotChecked.from).toEqual(["pending"]);
  });

  it("row: item missed, cleaner explains after the walk -> explained", () => {
    expect(itemTransitions.recordExplanation).toEqual({ from: ["missed"], to: ["explained"] });
  });

  it("row: item not_checked, later re-check -> pending (then a result, by the pending row)", () => {
    expect(itemTransitions.startRecheck).toEqual({ from: ["not_checked"], to: ["pending"] });
  });

  it("staff decide from any state, to verified, missed or not_checked", () => {
    expect([...itemTransitions.recordStaffDecision.from].sort()).toEqual([
      "explained",
      "missed",
      "not_checked",
      "pending",
      "verified",
    ]);
    expect(itemTransitions.recordStaffDecision.to).toEqual(["verified", "missed", "not_checked"]);
  });

  it("nothing moves an item into explained but the cleaner's explanation, or out of it but staff", () => {
    const into = Object.entries(itemTransitions).filter(([, t]) => (t.to as readonly string[]).includes("explained"));
    const outOf = Object.entries(itemTransitions).filter(([, t]) => (t.from as readonly string[]).includes("explained"));
    expect(into.map(([name]) => name)).toEqual(["recordExplanation"]);
    expect(outOf.map(([name]) => name)).toEqual(["recordStaffDecision"]);
  });
});
