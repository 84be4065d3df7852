"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import type { Session } from "@/lib/recorder-app/recorder-client";
import { ChecklistRow, ChecklistToggle } from "./ChecklistRow";

interface Props {
  checklist: Session["checklist"];
  /** Where each item stands: with it, every row has its mark. */
  checked?: ReadonlySet<string>;
  /** With toggles: the items are buttons the cleaner taps when the camera shows them done. */
  onToggle?: (itemId: string) => void;
  /** Checked items the camera did not show clearly (judged while walking), with the two ways on. */
  flagged?: ReadonlySet<string>;
  onRefilm?: (itemId: string) => void;
  onFinishAnyway?: (itemId: string) => void;
}

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
              if (!onToggle) {
                return (
                  <li key={item.id}>
                    <ChecklistRow item={item} mark={checked ? (isChecked ? "checked" : "open") : "none"} />
                  </li>
                );
              }
              return (
                <li key={item.id}>
                  <ChecklistToggle item={item} checked={isChecked} onToggle={() => onToggle(item.id)} />
                  {flagged?.has(item.id) && (
                    <UnclearNotice
                      name={item.name}
                      onRefilm={() => onRefilm?.(item.id)}
                      onFinishAnyway={() => onFinishAnyway?.(item.id)}
                    />
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

/** A checked item the camera did not show clearly, with the two ways on: film it again or keep it. */
export function UnclearNotice({
  name,
  onRefilm,
  onFinishAnyway,
}: {
  name: string;
  onRefilm: () => void;
  onFinishAnyway: () => void;
}) {
  const t = useTranslations("recorder.checklist");
  return (
    <div className="mt-2" role="alert" aria-label={t("unclearLabel", { item: name })}>
      <Notice tone="warning">
        <p>{t("unclear")}</p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button className="h-12 text-base" onClick={onRefilm}>
            {t("refilm")}
          </Button>
          <Button variant="secondary" className="h-12 text-base" onClick={onFinishAnyway}>
            {t("finishAnyway")}
          </Button>
        </div>
      </Notice>
    </div>
  );
}
