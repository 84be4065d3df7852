import { describe, expect, it } from "vitest";
import { decideDelivery, defaultDeliveryPreferences } from "../../lib/inspections/delivery";

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
