import { describe, expect, it } from "vitest";
import { waitStanding, waitText } from "../../lib/review/review-target";

describe("a walkthrough's wait against the review target", () => {
  it("is early under half the target, near under the target, over from the target on", () => {
    expect([0, 14, 15, 29, 30, 500].map((minutes) => waitStanding(minutes, 30))).toEqual([
      "early",
      "early",
      "near",
      "near",
      "over",
      "over",
    ]);
  });

  it("reads in minutes, hours and days", () => {
    expect([0, 59, 60, 125, 1440, 1500, 4440].map(waitText)).toEqual([
      "0 min",
      "59 min",
      "1 h",
      "2 h 5 min",
      "1 d",
      "1 d 1 h",
      "3 d 2 h",
    ]);
  });
});
