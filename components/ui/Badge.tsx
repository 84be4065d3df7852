import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import type { FindingSeverity } from "@/lib/generated/prisma/enums";
import { severityLabel } from "@/lib/labels/labels";
import { cn } from "./cn";

/** Status: how something stands (ready, failing, waiting). Its own colour scale, apart from severity's. */
export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      tone: {
        neutral: "bg-subtle text-ink-soft",
        info: "bg-info-soft text-info",
        success: "bg-success-soft text-success",
        warning: "bg-warning-soft text-warning",
        danger: "bg-danger-soft text-danger",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({ className, tone, ...props }: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

const severityClass: Record<FindingSeverity, string> = {
  MINOR: "bg-severity-minor-soft text-severity-minor ring-severity-minor/25",
  MODERATE: "bg-severity-moderate-soft text-severity-moderate ring-severity-moderate/30",
  MAJOR: "bg-severity-major text-white ring-severity-major",
};

/** Severity: how serious a finding is. Square-cornered with a ring, so it never reads as a status. */
/** `label`: the page's own word for the severity when it speaks through a catalogue; else the stored value's label. */
export function SeverityBadge({ severity, label, className }: { severity: FindingSeverity; label?: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-sm px-2 py-0.5 text-xs font-bold tracking-wide uppercase ring-1 ring-inset",
        severityClass[severity],
        className,
      )}
    >
      {label ?? severityLabel[severity]}
    </span>
  );
}
