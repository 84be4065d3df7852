import "server-only";
import type { FindingSeverity } from "../generated/prisma/enums";

/*
 * The report's verdict, the answer to "can guests check in?", from one rule (documented in the
 * README's "Reports" section and shown on the page, the PDF and the mail alike):
 * - Not ready: a MAJOR finding.
 * - Check before guests arrive: a MODERATE finding or a missed checklist item.
 * - Ready for guests: neither (MINOR findings and explained items do not hold guests back).
 * It exists only for a released report: before that there is nothing to judge.
 */

export type Verdict = "ready" | "check" | "not_ready";

export interface VerdictInput {
  bySeverity: Record<FindingSeverity, number>;
  missedItems: number;
}

export function verdictOf({ bySeverity, missedItems }: VerdictInput): Verdict {
  if (bySeverity.MAJOR > 0) return "not_ready";
  if (bySeverity.MODERATE > 0 || missedItems > 0) return "check";
  return "ready";
}

export const verdictLabel: Record<Verdict, string> = {
  ready: "Ready for guests",
  check: "Check before guests arrive",
  not_ready: "Not ready",
};

/** Why, in a few words: "1 major finding", "2 moderate findings and 1 missed item", "Nothing needs attention". */
export function verdictReason({ bySeverity, missedItems }: VerdictInput): string {
  const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;
  const parts: string[] = [];
  if (bySeverity.MAJOR > 0) parts.push(count(bySeverity.MAJOR, "major finding", "major findings"));
  if (bySeverity.MODERATE > 0) parts.push(count(bySeverity.MODERATE, "moderate finding", "moderate findings"));
  if (missedItems > 0) parts.push(count(missedItems, "missed item", "missed items"));
  if (parts.length === 0)
    return bySeverity.MINOR > 0
      ? count(bySeverity.MINOR, "minor finding", "minor findings") + ", nothing serious"
      : "Nothing needs attention";
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
