import "server-only";
import { config } from "../config";

export type ReviewPolicy = "when_unsure" | "always" | "never";

export interface ReviewSettings {
  policy: ReviewPolicy;
  /** Below this confidence, `when_unsure` sends a verdict or finding to staff. */
  confidenceMin: number;
}

export function reviewSettings(): ReviewSettings {
  return { policy: config().ANALYSIS_REVIEW, confidenceMin: config().ANALYSIS_CONFIDENCE_MIN };
}

/** Whether a provider's answer waits for staff before it counts (ANALYSIS_REVIEW). */
export function needsReview(confidence: number, settings: ReviewSettings): boolean {
  if (settings.policy === "always") return true;
  if (settings.policy === "never") return false;
  return confidence < settings.confidenceMin;
}
