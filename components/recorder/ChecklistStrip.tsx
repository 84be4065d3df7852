"use client";

import { ListChecks, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { Session } from "@/lib/recorder-app/recorder-client";
import { ChecklistToggle } from "./ChecklistRow";
import { ChecklistSections, UnclearNotice } from "./ChecklistSections";

/*
 * The checklist while recording on a phone, without taking the camera's half of the screen: a
 * strip under the preview with every item as the same toggle, slid so the next item not yet
 * checked comes first (one tap), and a "Checklist 2 of 5" button that opens every item in a
 * bottom sheet (two taps). Both toggle through Walkthrough's one tap flow.
 */

interface Props {
  checklist: Session["checklist"];
  checked: ReadonlySet<string>;
  flagged: ReadonlySet<string>;
  onToggle: (itemId: string) => void;
  onRefilm: (itemId: string) => void;
  onFinishAnyway: (itemId: string) => void;
  className?: string;
}

/** Slides the strip so its first item not checked yet is at the start, where the thumb is. */
function useNextFirst(checked: ReadonlySet<string>) {
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = strip.current;
    const next = list?.querySelector<HTMLElement>("li:has(> [aria-pressed=false])");
    if (!list || !next) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollTo({ left: next.offsetLeft - list.offsetLeft, behavior: reduce ? "auto" : "smooth" });
  }, [checked]);
  return strip;
}

export function ChecklistStrip({ checklist, checked, flagged, onToggle, onRefilm, onFinishAnyway, className }: Props) {
  const t = useTranslations("recorder.recording");
  const sheet = useRef<HTMLDialogElement>(null);
  const strip = useNextFirst(checked);
  const items = checklist.flatMap((section) => section.items);
  const total = items.length;
  const done = items.filter((item) => checked.has(item.id)).length;
  const unclear = items.filter((item) => flagged.has(item.id));
  const close = () => sheet.current?.close();
  return (
    <section aria-label={t("checklist")} className={cn("flex flex-col gap-2", className)}>
      {unclear.map((item) => (
        <UnclearNotice
          key={item.id}
          name={item.name}
          onRefilm={() => onRefilm(item.id)}
          onFinishAnyway={() => onFinishAnyway(item.id)}
        />
      ))}
      <div className="flex items-stretch gap-2">
        <ul ref={strip} className="relative flex min-w-0 flex-1 snap-x snap-mandatory gap-2 overflow-x-auto">
          {items.map((item) => (
            <li key={item.id} className="flex w-[85%] shrink-0 snap-start">
              <ChecklistToggle item={item} checked={checked.has(item.id)} onToggle={() => onToggle(item.id)} compact />
            </li>
          ))}
        </ul>
        <button
          type="button"
          aria-haspopup="dialog"
          className={cn(
            "flex min-h-14 w-22 shrink-0 flex-col items-center justify-center gap-0.5 rounded-md border-2 border-line-strong bg-surface px-1",
            "text-sm leading-tight font-medium text-ink hover:bg-subtle",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
          )}
          onClick={() => sheet.current?.showModal()}
        >
          <ListChecks aria-hidden className="size-5" />
          <span className="max-w-full truncate">{t("showAll")}</span>
          <span className="font-semibold tabular-nums">{t("count", { checked: done, total })}</span>
        </button>
      </div>
      {/* A modal <dialog>: the page behind is inert, Escape closes it, focus returns to the button. */}
      <dialog
        ref={sheet}
        aria-labelledby="checklist-sheet-title"
        className={cn(
          "fixed inset-x-0 top-auto bottom-0 m-0 mx-auto max-h-[85dvh] w-full max-w-2xl overflow-y-auto rounded-t-xl bg-canvas p-0 text-ink shadow-raised",
          "backdrop:bg-ink/45",
        )}
        onClick={(event) => event.target === event.currentTarget && close()}
      >
        <div className="sticky top-0 z-10 flex items-center gap-3 border-b border-line bg-surface px-4 py-2">
          <h2 id="checklist-sheet-title" className="flex-1 text-lg font-semibold text-ink">
            {t("showAll")} <span className="font-normal text-ink-soft tabular-nums">{t("count", { checked: done, total })}</span>
          </h2>
          <button
            type="button"
            aria-label={t("backToCamera")}
            className="grid size-12 place-items-center rounded-md text-muted hover:bg-subtle hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
            onClick={close}
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <div className="px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <ChecklistSections
            checklist={checklist}
            checked={checked}
            flagged={flagged}
            onToggle={(id) => {
              onToggle(id);
              // Checked off: back to the camera. Unchecking keeps the sheet, to pick the right one.
              if (!checked.has(id)) close();
            }}
            onRefilm={(id) => {
              onRefilm(id);
              close();
            }}
            onFinishAnyway={onFinishAnyway}
          />
        </div>
      </dialog>
    </section>
  );
}
