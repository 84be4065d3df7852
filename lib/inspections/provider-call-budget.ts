import "server-only";
import { db, type Tx } from "../db/client";
import { sampling } from "./findings-sampling";

/*
 * What one walkthrough may cost in provider calls, so a recording link cannot buy unlimited ones
 * (lib/recording/README.md, "Provider calls"). A call is one question: one still or set of frames
 * judged, or one batch of frames searched for findings; the provider's own retries of a failed
 * answer (at most two) belong to it. Counted on the inspection's row before each question, by one
 * conditional update, so every web and worker process shares the cap.
 */

/** Stills of one check sent to the provider while the cleaner walks; a re-film is a new check. */
export const judgementsPerTap = 2;
/** Per checklist item: two live judgements, the sealed video's verdict, and a re-check or re-film. */
export const callsPerItem = 3;
/** Live stills may spend this many per item, so the sealed video always has its verdicts and findings left. */
export const liveCallsPerItem = 2;
/** The findings pass: every batch of the most frames sampled from a video. */
export const findingsCalls = () => Math.ceil(sampling.max / sampling.perBatch);

export interface ProviderCallLimits {
  /** What live stills may bring the count to. */
  live: number;
  /** What the whole walkthrough may bring it to: live stills, verdicts, re-checks and findings. */
  total: number;
}

export function providerCallLimits(checklistItems: number): ProviderCallLimits {
  return { live: liveCallsPerItem * checklistItems, total: callsPerItem * checklistItems + findingsCalls() };
}

/** Counts one call against `limit`; false (nothing counted) when the walkthrough has spent it. */
export async function reserveProviderCall(inspectionId: string, limit: number, tx?: Tx): Promise<boolean> {
  const { count } = await (tx ?? db()).inspection.updateMany({
    where: { id: inspectionId, providerCalls: { lt: limit } },
    data: { providerCalls: { increment: 1 } },
  });
  return count === 1;
}
