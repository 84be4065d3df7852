"use client";

import { Check } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import type { Session } from "@/lib/recorder-app/recorder-client";

interface Props {
  checklist: Session["checklist"];
  /** With toggles: the items are buttons the cleaner taps when the camera shows them done. */
  checked?: ReadonlySet<string>;
  onToggle?: (itemId: string) => void;
  /** Checked items the camera did not show clearly (judged while walking), with the two ways on. */
  flagged?: ReadonlySet<string>;
  onRefilm?: (itemId: string) => void;
  onFinishAnyway?: (itemId: string) => void;
}

const notesClass = "block truncate text-sm text-muted";

/** The lists the home resolves to, each its own section; toggles while recording, a preview before. */
export function ChecklistSections({ checklist, checked, onToggle, flagged, onRefilm, onFinishAnyway }: Props) {
  const t = useTranslations("recorder.checklist");
  if (checklist.length === 0) return <p className="text-muted">{t("empty")}</p>;
  return (
    <div className="flex flex-col gap-5">
      {checklist.map((section) => (
        <section key={section.type} aria-labelledby={`section-${section.type}`}>
          <h3 id={`section-${section.type}`} className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
            {t(section.type)}
          </h3>
          <ul className={cn("flex flex-col", onToggle ? "gap-2" : "divide-y divide-line")}>
            {section.items.map((item) => {
              const isChecked = checked?.has(item.id) ?? false;
              return (
                <li key={item.id}>
                  {onToggle ? (
                    <>
                      <button
                        type="button"
                        className={cn(
                          "flex min-h-14 w-full items-center gap-3 rounded-md border-2 bg-surface px-3 py-2.5 text-left text-base text-ink",
                          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
                          isChecked ? "border-accent bg-accent-soft" : "border-line-strong hover:bg-subtle",
                        )}
                        aria-pressed={isChecked}
                        onClick={() => onToggle(item.id)}
                      >
                        <span
                          className={cn(
                            "grid size-7 shrink-0 place-items-center rounded-sm border-2",
                            isChecked ? "border-accent bg-accent text-accent-ink" : "border-muted bg-surface",
                          )}
                          aria-hidden="true"
                        >
                          {isChecked && <Check className="size-5" strokeWidth={3} />}
                        </span>
                        <span className="min-w-0 font-medium">
                          {item.name}
                          {item.notes && <span className={cn(notesClass, "font-normal")}>{item.notes}</span>}
                        </span>
                      </button>
                      {flagged?.has(item.id) && (
                        <div className="mt-2" role="alert" aria-label={t("unclearLabel", { item: item.name })}>
                          <Notice tone="warning">
                            <p>{t("unclear")}</p>
                            <div className="mt-3 grid grid-cols-2 gap-2">
                              <Button className="h-12 text-base" onClick={() => onRefilm?.(item.id)}>
                                {t("refilm")}
                              </Button>
                              <Button variant="secondary" className="h-12 text-base" onClick={() => onFinishAnyway?.(item.id)}>
                                {t("finishAnyway")}
                              </Button>
                            </div>
                          </Notice>
                        </div>
                      )}
                    </>
                  ) : (
                    <div className="flex items-start gap-3 py-3">
                      {checked && (
                        <span
                          className={cn(
                            "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full",
                            isChecked ? "bg-accent text-accent-ink" : "border-2 border-line-strong",
                          )}
                        >
                          {isChecked && (
                            <>
                              <Check aria-hidden className="size-3.5" strokeWidth={3} />
                              <span className="sr-only">{t("checkedOff")} </span>
                            </>
                          )}
                        </span>
                      )}
                      <span className="min-w-0">
                        <span className="text-ink">{item.name}</span>
                        {item.notes && <span className={notesClass}>{item.notes}</span>}
                      </span>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
