import { describe, expect, it } from "vitest";
import { verdictOf, verdictReason } from "../../lib/reports/verdict";

const counts = (MAJOR: number, MODERATE: number, MINOR: number) => ({ MAJOR, MODERATE, MINOR });

describe("the report's verdict", () => {
  it("is ready for guests with no finding above minor and no missed item", () => {
    expect(verdictOf({ bySeverity: counts(0, 0, 0), missedItems: 0 })).toBe("ready");
    expect(verdictOf({ bySeverity: counts(0, 0, 4), missedItems: 0 })).toBe("ready");
  });

  it("asks for a check on a moderate finding or a missed item", () => {
    expect(verdictOf({ bySeverity: counts(0, 1, 0), missedItems: 0 })).toBe("check");
    expect(verdictOf({ bySeverity: counts(0, 0, 2), missedItems: 1 })).toBe("check");
  });

  it("is not ready on a major finding, whatever else", () => {
    expect(verdictOf({ bySeverity: counts(1, 0, 0), missedItems: 0 })).toBe("not_ready");
    expect(verdictOf({ bySeverity: counts(1, 3, 2), missedItems: 5 })).toBe("not_ready");
  });

  it("says why in plain words", () => {
    expect(verdictReason({ bySeverity: counts(0, 0, 0), missedItems: 0 })).toBe("Nothing needs attention");
    expect(verdictReason({ bySeverity: counts(0, 0, 1), missedItems: 0 })).toBe("1 minor finding, nothing serious");
    expect(verdictReason({ bySeverity: counts(1, 2, 0), missedItems: 1 })).toBe(
      "1 major finding, 2 moderate findings and 1 missed item",
    );
  });
});
