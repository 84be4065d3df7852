import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";

/*
 * The recorder's frame on the kit: a phone used one-handed, often with gloves. Every action is a
 * full-width button at least 48px high (56px for the one next step), kept at the thumb in a bar
 * at the bottom; on a desktop the bar's buttons sit on the right at their own width.
 */

/** The size of the screen's one next step, and of the other ways on. */
export const primaryAction = "h-14 w-full text-base";
export const secondaryAction = "h-12 w-full text-base";

const width = "mx-auto w-full max-w-2xl lg:max-w-5xl";

export function RecorderFrame({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col bg-canvas text-ink">{children}</div>;
}

export function RecorderMain({ children, className, busy }: { children: ReactNode; className?: string; busy?: boolean }) {
  return (
    <main className={cn(width, "flex flex-1 flex-col gap-4 px-4 py-5 sm:py-8", className)} aria-busy={busy || undefined}>
      {children}
    </main>
  );
}

/** The screen's actions, stuck to the bottom above the home indicator. */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 border-t border-line bg-surface pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-raised lg:shadow-none">
      <div
        className={cn(
          width,
          "flex flex-col gap-2.5 px-4 lg:flex-row lg:items-center lg:justify-end lg:gap-3 lg:*:w-auto lg:*:min-w-52",
        )}
      >
        {children}
      </div>
    </div>
  );
}

const tones = {
  success: "bg-success-soft text-success",
  busy: "bg-accent-soft text-accent",
  info: "bg-accent-soft text-accent",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
} as const;

/**
 * A screen that says where the walkthrough stands: an icon in the outcome's colour, a heading and
 * a sentence or two, then what to do. `busy` spins the icon and marks the region busy.
 */
export function StatusCard({
  title,
  icon: Icon,
  tone,
  children,
  actions,
  titleId = "message-title",
}: {
  title: string;
  icon: LucideIcon;
  tone: keyof typeof tones;
  children?: ReactNode;
  actions?: ReactNode;
  titleId?: string;
}) {
  const busy = tone === "busy";
  return (
    <Card
      className="flex flex-col items-center gap-3 px-5 py-8 text-center sm:px-10 sm:py-10"
      aria-busy={busy}
      aria-labelledby={titleId}
    >
      <span className={cn("grid size-16 place-items-center rounded-full", tones[tone])}>
        <Icon aria-hidden className={cn("size-8", busy && "animate-spin")} strokeWidth={2.25} />
      </span>
      <h2 id={titleId} className="text-2xl font-semibold tracking-tight text-balance text-ink">
        {title}
      </h2>
      <div className="flex max-w-md flex-col gap-3 text-base text-ink-soft">{children}</div>
      {actions && <div className="mt-3 flex w-full max-w-sm flex-col gap-2.5">{actions}</div>}
    </Card>
  );
}
