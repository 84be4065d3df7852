import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/errors/api-error";
import { checkStaffFinding, staffFindingLimits } from "../../lib/review/staff-finding-rules";

const valid = { room: " Kitchen ", description: "A cracked tile by the sink.", severity: "MINOR", category: "damage" };

function refusal(input: unknown): ApiError {
  try {
    checkStaffFinding(input);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("the one rule for a finding staff add (console, CLI and addStaffFinding)", () => {
  it("accepts a finding within the limits, trimmed, with or without a second of the video", () => {
    expect(checkStaffFinding(valid)).toEqual({ ...valid, room: "Kitchen", atSeconds: undefined });
    expect(checkStaffFinding({ ...valid, atSeconds: "12.5" }).atSeconds).toBe(12.5);
    expect(checkStaffFinding({ ...valid, atSeconds: null }).atSeconds).toBeUndefined();
  });

  it("refuses a room or description that is blank or over its limit, naming the field", () => {
    const room = "r".repeat(staffFindingLimits.roomMaxLength + 1);
    const description = "d".repeat(staffFindingLimits.descriptionMaxLength + 1);
    expect(refusal({ ...valid, room }).message).toBe("The room must be 1 to 80 characters.");
    expect(refusal({ ...valid, room: "  " }).message).toBe("The room must be 1 to 80 characters.");
    expect(refusal({ ...valid, description }).message).toBe("The description must be 1 to 300 characters.");
    expect(refusal({ ...valid, description }).status).toBe(400);
  });

  it("refuses an unknown severity or category, and a second that is not a time in the video", () => {
    expect(refusal({ ...valid, severity: "HUGE" }).message).toBe("The severity must be MINOR, MODERATE or MAJOR.");
    expect(refusal({ ...valid, category: "other" }).message).toBe("The category must be damage, cleaning or lost_item.");
    expect(refusal({ ...valid, atSeconds: -1 }).message).toBe("The second must be a time in the video.");
    expect(refusal({ ...valid, atSeconds: "soon" }).code).toBe("invalid_request");
  });
});
