import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import { pageTranslations } from "@/lib/i18n/messages";
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
export async function FindingCounts({ bySeverity }: { bySeverity?: Record<FindingSeverity, number> }) {
  const t = await pageTranslations("people.counts");
  if (!bySeverity) return <span className="text-muted">{t("unknown")}</span>;
  const present = order.filter((severity) => bySeverity[severity] > 0);
  if (present.length === 0) return <span className="text-muted">{t("none")}</span>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {present.map((severity) => (
        <li key={severity} className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <span aria-hidden className={cn("size-2 rounded-full", dot[severity])} />
          <span className={cn("tabular-nums", severity === "MAJOR" && "font-semibold text-ink")}>
            {t(severity, { count: bySeverity[severity] })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Missed checklist items: the number when there are some, quiet otherwise. */
export async function MissedCount({ count }: { count?: number }) {
  const t = await pageTranslations("people.counts");
  if (count === undefined) return <span className="text-muted">{t("unknown")}</span>;
  if (count === 0) return <span className="text-muted">{t("none")}</span>;
  return <span className="font-medium text-ink tabular-nums">{count}</span>;
}
