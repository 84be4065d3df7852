import { ImageOff } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import type { ChecklistItemState } from "@/lib/generated/prisma/enums";
import type { ChecklistBlock } from "@/lib/inspections/checklist-block";
import { pageTranslations } from "@/lib/i18n/messages";
import { PlayAtButton } from "./PlayAtButton";
import { playAtWords } from "./play-at-words";

// `not_checked` is about the filming, never the cleaner's work: neutral, not a failure.
const stateTone: Record<ChecklistItemState, BadgeTone> = {
  verified: "success",
  missed: "warning",
  explained: "info",
  not_checked: "neutral",
  pending: "neutral",
};

const countOrder: ChecklistItemState[] = ["verified", "missed", "explained", "not_checked", "pending"];

/** The whole checklist in a compact list: a thumbnail of the moment each item was filmed, its result, its second. */
export async function ChecklistCompact({ checklist, playable }: { checklist: ChecklistBlock; playable: boolean }) {
  const t = await pageTranslations("report");
  const playAt = await playAtWords();
  const counts = countOrder
    .filter((state) => checklist.counts[state] > 0 || state === "verified")
    .map((state) => t(`checklist.${state}`, { count: checklist.counts[state] }))
    .join(" · ");
  return (
    <section aria-labelledby="checklist-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="checklist-title" className="text-lg font-semibold text-ink">
          {t("checklist.heading")}
        </h2>
        <p className="text-sm text-muted">{counts}</p>
      </div>
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface shadow-card">
        {checklist.items.map((item, index) => (
          <li key={item.id ?? `${item.name}-${index}`} className="flex items-center gap-3 px-3 py-2.5 break-inside-avoid sm:px-4">
            {item.imageUrl ? (
              <img
                src={item.imageUrl}
                alt={t("checklist.thumbnailAlt", { name: item.name })}
                loading="lazy"
                className="h-10 w-14 shrink-0 rounded-sm bg-subtle object-cover"
              />
            ) : (
              <span className="grid h-10 w-14 shrink-0 place-items-center rounded-sm bg-subtle text-muted">
                <ImageOff aria-hidden className="size-4" />
              </span>
            )}
            {/* On a phone the name takes the row's width and the result sits under it; beside it from sm up. */}
            <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-ink">{item.name}</p>
                {item.state === "explained" && item.reason && (
                  <p className="text-xs break-words text-muted">
                    <q>{item.reason}</q>
                  </p>
                )}
              </div>
              <Badge tone={stateTone[item.state]} className="shrink-0">
                {t(`itemState.${item.state}`)}
              </Badge>
            </div>
            {playable && item.timestamp !== undefined ? (
              <PlayAtButton seconds={item.timestamp} words={playAt(item.timestamp, item.name, true)} compact />
            ) : (
              playable && <span className="w-[4.25rem] shrink-0" aria-hidden />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
