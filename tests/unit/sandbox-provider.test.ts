import { describe, expect, it } from "vitest";
import { needsReview } from "../../lib/analysis/review-policy";
import { sandboxProvider, sandboxReview } from "../../lib/sandbox/sandbox-provider";

const frame = (seconds: number) => ({ seconds, jpeg: Buffer.from([0xff, 0xd8, 0xff]) });
const item = { itemName: "Beds made", frames: [], references: [] };

describe("the sandbox analysis", () => {
  it("answers each outcome's verdict, surely enough that staff never review it", async () => {
    for (const [outcome, state] of [
      ["clean", "verified"],
      ["findings", "verified"],
      ["missed", "missed"],
    ] as const) {
      const answer = await sandboxProvider(outcome).judgeItem(item);
      expect(answer.value).toMatchObject({ state, confidence: 1 });
      expect(answer.value!.rationale).toContain("Beds made");
      expect(needsReview(answer.value!.confidence, sandboxReview)).toBe(false);
    }
  });

  it("finds two findings in the walk's first frames with `findings`, and nothing otherwise", async () => {
    const first = await sandboxProvider("findings").findIssues({ frames: [frame(0), frame(5)] });
    expect(first.value!.map((finding) => [finding.frame, finding.category, finding.severity])).toEqual([
      [0, "damage", "MODERATE"],
      [0, "cleaning", "MINOR"],
    ]);
    // A later batch of a long video finds nothing more: the walkthrough's findings are the same two.
    expect((await sandboxProvider("findings").findIssues({ frames: [frame(40), frame(45)] })).value).toEqual([]);
    expect((await sandboxProvider("clean").findIssues({ frames: [frame(0)] })).value).toEqual([]);
    expect((await sandboxProvider("missed").findIssues({ frames: [frame(0)] })).value).toEqual([]);
  });
});
