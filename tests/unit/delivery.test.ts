import { describe, expect, it } from "vitest";
import { decideDelivery, decideTeamDelivery, defaultDeliveryPreferences } from "../../lib/inspections/delivery";

describe("decideDelivery", () => {
  const majorOnly = { minimumSeverity: "MAJOR" as const, receiveMissedSteps: false };

  it("sends a report with a finding at the manager's level", () => {
    expect(decideDelivery(["MINOR"], 0, defaultDeliveryPreferences)).toEqual({ sent: true, reason: "findings" });
    expect(decideDelivery(["MINOR", "MAJOR"], 3, majorOnly)).toEqual({ sent: true, reason: "findings" });
  });

  it("sends missed steps only to a manager who receives them", () => {
    expect(decideDelivery([], 2, defaultDeliveryPreferences)).toEqual({ sent: true, reason: "missed_checklist_steps" });
    expect(decideDelivery([], 2, majorOnly)).toEqual({ sent: false, reason: "clean" });
  });

  it("holds back findings all below the level, and a clean inspection", () => {
    expect(decideDelivery(["MINOR", "MODERATE"], 2, majorOnly)).toEqual({ sent: false, reason: "below_threshold" });
    expect(decideDelivery([], 0, defaultDeliveryPreferences)).toEqual({ sent: false, reason: "clean" });
  });
});

describe("decideTeamDelivery", () => {
  const majorOnly = { minimumSeverity: "MAJOR" as const, receiveMissedSteps: false };

  it("gives a workspace with nobody in it sent: false, below_threshold or clean, never a reason that names a recipient", () => {
    expect(decideTeamDelivery(["MAJOR"], 0, [])).toEqual({ sent: false, reason: "below_threshold" });
    expect(decideTeamDelivery(["MINOR"], 3, [])).toEqual({ sent: false, reason: "below_threshold" });
    expect(decideTeamDelivery([], 3, [])).toEqual({ sent: false, reason: "clean" });
    expect(decideTeamDelivery([], 0, [])).toEqual({ sent: false, reason: "clean" });
  });

  it("sends when anyone's choices are met, and names findings before missed steps", () => {
    expect(decideTeamDelivery(["MINOR"], 2, [majorOnly, defaultDeliveryPreferences])).toEqual({ sent: true, reason: "findings" });
    expect(decideTeamDelivery([], 2, [majorOnly, defaultDeliveryPreferences])).toEqual({
      sent: true,
      reason: "missed_checklist_steps",
    });
    expect(decideTeamDelivery(["MODERATE"], 2, [majorOnly])).toEqual({ sent: false, reason: "below_threshold" });
  });
});
