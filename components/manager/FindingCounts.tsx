import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import { severityLabel } from "@/lib/labels/labels";
import { cn } from "@/components/ui/cn";

const order: FindingSeverity[] = ["MAJOR", "MODERATE", "MINOR"];
const dot: Record<FindingSeverity, string> = {
  MAJOR: "bg-severity-major",
  MODERATE: "bg-severity-moderate",
  MINOR: "bg-severity-minor",
};

/**
 * "1 major · 2 minor": only the severities that occur, most serious first, each with its colour.
 * Zero is quiet ("None" in the muted colour), never a warning colour.
 */
export function FindingCounts({ bySeverity }: { bySeverity?: Record<FindingSeverity, number> }) {
  if (!bySeverity) return <span className="text-muted">—</span>;
  const present = order.filter((severity) => bySeverity[severity] > 0);
  if (present.length === 0) return <span className="text-muted">None</span>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {present.map((severity) => (
        <li key={severity} className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <span aria-hidden className={cn("size-2 rounded-full", dot[severity])} />
          <span className={cn("tabular-nums", severity === "MAJOR" && "font-semibold text-ink")}>
            {bySeverity[severity]} {severityLabel[severity].toLowerCase()}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Missed checklist items: the number when there are some, quiet otherwise. */
export function MissedCount({ count }: { count?: number }) {
  if (count === undefined) return <span className="text-muted">—</span>;
  if (count === 0) return <span className="text-muted">None</span>;
  return <span className="font-medium text-ink tabular-nums">{count}</span>;
}
