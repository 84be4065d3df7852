import { MessageSquareText, TriangleAlert } from "lucide-react";
import type { ChecklistBlockItem } from "@/lib/inspections/checklist-block";
import { pageTranslations } from "@/lib/i18n/messages";
import { PlayAtButton } from "./PlayAtButton";
import { playAtWords } from "./play-at-words";

/**
 * The checklist items someone should look at: missed ones (they hold guests back) and the ones
 * the cleaner finished without filming, with the cleaner's own words. Nothing to show, no section.
 */
export async function ChecklistAttention({ items, playable }: { items: ChecklistBlockItem[]; playable: boolean }) {
  const missed = items.filter((item) => item.state === "missed");
  const explained = items.filter((item) => item.state === "explained");
  if (missed.length === 0 && explained.length === 0) return null;
  const t = await pageTranslations("report.attention");
  const playAt = await playAtWords();
  return (
    <section aria-labelledby="attention-title" className="flex flex-col gap-3">
      <h2 id="attention-title" className="text-lg font-semibold text-ink">
        {t("heading")}
      </h2>
      <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface shadow-card">
        {missed.map((item, index) => (
          <li key={item.id ?? `missed-${index}`} className="flex items-start gap-3 p-4 break-inside-avoid">
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
            <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <div className="min-w-48 flex-1">
                <p className="font-medium text-ink">{item.name}</p>
                <p className="text-sm text-ink-soft">{t("missed")}</p>
              </div>
              {playable && item.timestamp !== undefined && (
                <PlayAtButton seconds={item.timestamp} words={playAt(item.timestamp, item.name)} />
              )}
            </div>
          </li>
        ))}
        {explained.map((item, index) => (
          <li key={item.id ?? `explained-${index}`} className="flex items-start gap-3 p-4 break-inside-avoid">
            <MessageSquareText aria-hidden className="mt-0.5 size-5 shrink-0 text-info" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">{item.name}</p>
              <p className="text-sm text-ink-soft">
                {item.reason
                  ? t.rich("explainedWhy", { reason: item.reason, quote: (words) => <q className="text-ink">{words}</q> })
                  : t("explained")}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
