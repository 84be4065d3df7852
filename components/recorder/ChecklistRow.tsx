"use client";

import { Check, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";

/*
 * The one way a checklist item is drawn: its name, its notes under it, and a mark for where it
 * stands, in the preview before recording, the list after Stop and the results. The toggle while
 * recording is the same row as a button, since there the row is what the cleaner taps.
 */

/** Where an item stands: nothing to say yet (a preview), checked off, not yet, or checked but not clear on camera. */
export type RowMark = "none" | "checked" | "open" | "unclear";

interface Item {
  name: string;
  notes?: string | null;
}

function Mark({ mark, large }: { mark: RowMark; large?: boolean }) {
  const t = useTranslations("recorder.checklist");
  if (mark === "none") return null;
  const size = large ? "size-7 rounded-sm" : "size-6 rounded-full";
  return (
    <span
      className={cn(
        "grid shrink-0 place-items-center border-2",
        size,
        mark === "checked" && "border-accent bg-accent text-accent-ink",
        mark === "open" && "border-muted bg-surface",
        mark === "unclear" && "border-warning bg-warning-soft text-warning",
      )}
    >
      {mark === "checked" && (
        <>
          <Check aria-hidden className={large ? "size-5" : "size-4"} strokeWidth={3} />
          {/* The toggle says so with aria-pressed. */}
          {!large && <span className="sr-only">{t("checkedOff")} </span>}
        </>
      )}
      {mark === "unclear" && <TriangleAlert aria-hidden className="size-4" strokeWidth={2.5} />}
    </span>
  );
}

function Words({ item, detail, compact }: { item: Item; detail?: ReactNode; compact?: boolean }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <span className={cn("font-medium wrap-anywhere text-ink", compact && "line-clamp-2")}>{item.name}</span>
      {item.notes && <span className={cn("text-sm wrap-anywhere text-muted", compact && "line-clamp-1")}>{item.notes}</span>}
      {detail}
    </span>
  );
}

/**
 * An item as a row. `media` comes first (the result's picture), `detail` under the words (an
 * unclear warning, the result's state), `children` below the row (what the cleaner can do about it).
 */
export function ChecklistRow({
  item,
  mark = "none",
  media,
  detail,
  children,
}: {
  item: Item;
  mark?: RowMark;
  media?: ReactNode;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="py-3">
      <div className="flex items-center gap-3">
        <Mark mark={mark} />
        {media}
        <Words item={item} detail={detail} />
      </div>
      {children}
    </div>
  );
}

/**
 * The row while recording: a large button the cleaner taps when the camera shows the item done.
 * `compact` (the strip under the preview) keeps it to a fixed height: the name on two lines at
 * most, the notes on one; the whole words are in the sheet.
 */
export function ChecklistToggle({
  item,
  checked,
  onToggle,
  compact,
  className,
}: {
  item: Item;
  checked: boolean;
  onToggle: () => void;
  compact?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={cn(
        "flex min-h-14 w-full items-center gap-3 rounded-md border-2 bg-surface px-3 py-2.5 text-left text-base",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
        checked ? "border-accent bg-accent-soft" : "border-line-strong hover:bg-subtle",
        className,
      )}
      aria-pressed={checked}
      onClick={onToggle}
    >
      <Mark mark={checked ? "checked" : "open"} large />
      <Words item={item} compact={compact} />
    </button>
  );
}
