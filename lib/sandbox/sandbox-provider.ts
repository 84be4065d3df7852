import "server-only";
import type { AnalysisProvider, FrameFinding, ItemVerdict } from "../analysis/provider";
import type { ReviewSettings } from "../analysis/review-policy";
import type { SandboxOutcome } from "../generated/prisma/enums";

/*
 * The analysis of a sandbox workspace's walkthroughs: deterministic answers chosen by the
 * walkthrough's `outcome`, asked through the same provider interface as a real model, so the seal,
 * the verdicts, the findings, the release and the events are the real pipeline's.
 *
 * - clean: every checked item verified, no findings.
 * - findings (the default): every checked item verified, two findings on the walk's first frames.
 * - missed: every checked item missed, no findings.
 */

/** Sure answers never wait for staff: a sandbox walkthrough never reaches the review desk. */
export const sandboxReview: ReviewSettings = { policy: "never", confidenceMin: 0 };

// Findings are seen only in the frames of the walk's first seconds, so however many batches a
// video yields, the walkthrough gets the same two (a later batch finds nothing).
const findingsWithinSeconds = 10;

const sandboxFindings: Omit<FrameFinding, "frame">[] = [
  {
    room: "Living room",
    description: "Sandbox finding: a chip in the skirting board beside the door.",
    severity: "MODERATE",
    category: "damage",
    confidence: 1,
  },
  {
    room: "Kitchen",
    description: "Sandbox finding: crumbs left on the worktop.",
    severity: "MINOR",
    category: "cleaning",
    confidence: 1,
  },
];

function verdict(outcome: SandboxOutcome, itemName: string): ItemVerdict {
  if (outcome === "missed") {
    return { state: "missed", confidence: 1, rationale: `Sandbox analysis: "${itemName}" is not seen done in the video.` };
  }
  return { state: "verified", confidence: 1, rationale: `Sandbox analysis: "${itemName}" is seen done in the video.` };
}

export function sandboxProvider(outcome: SandboxOutcome): AnalysisProvider {
  return {
    label: `sandbox analysis (${outcome})`,
    async judgeItem(request) {
      return { value: verdict(outcome, request.itemName), calls: [] };
    },
    async findIssues(request) {
      const first = request.frames[0];
      if (outcome !== "findings" || !first || first.seconds > findingsWithinSeconds) return { value: [], calls: [] };
      return { value: sandboxFindings.map((finding) => ({ ...finding, frame: 0 })), calls: [] };
    },
  };
}
