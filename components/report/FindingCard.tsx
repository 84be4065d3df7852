import type { ReactNode } from "react";
import { SeverityBadge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { pageTranslations } from "@/lib/i18n/messages";
import type { FindingRead } from "@/lib/inspections/get-findings";
import { PlayAtButton } from "./PlayAtButton";
import { playAtWords } from "./play-at-words";

function Picture({ url, alt, caption, wide = false }: { url: string; alt: string; caption: ReactNode; wide?: boolean }) {
  return (
    // Printed, a lone picture takes half the width, as each of a pair does: a page holds more findings.
    <figure className={cn("min-w-0", wide && "print:w-1/2")}>
      <img
        src={url}
        alt={alt}
        loading="lazy"
        className={
          wide
            ? "aspect-video w-full rounded-md bg-subtle object-cover sm:aspect-[2/1]"
            : "aspect-[4/3] w-full rounded-md bg-subtle object-cover"
        }
      />
      <figcaption className="mt-1.5 text-xs font-medium text-muted">{caption}</figcaption>
    </figure>
  );
}

/**
 * One finding: how serious, where, what kind, what was seen, and the pictures: the earlier
 * picture of the spot beside the one found, or the one found alone when there is no earlier one.
 */
export async function FindingCard({ finding, playable }: { finding: FindingRead; playable: boolean }) {
  const t = await pageTranslations("report");
  const playAtText = await playAtWords();
  const after = finding.after[0];
  const before = finding.before[0];
  const titleId = `finding-${finding.id}`;
  const playAt = playable ? finding.videoTimestampSeconds : undefined;
  return (
    <article
      aria-labelledby={titleId}
      className="relative break-inside-avoid rounded-lg border border-line bg-surface p-4 shadow-card sm:p-5"
    >
      <div className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm", playAt !== undefined && "sm:pr-36")}>
        <SeverityBadge severity={finding.severity} label={t(`severity.${finding.severity}`)} />
        <span className="font-semibold text-ink">{finding.room}</span>
        <span aria-hidden className="text-line-strong">
          ·
        </span>
        <span className="text-muted">{t(`category.${finding.category}`)}</span>
      </div>
      <h3 id={titleId} className="mt-2 text-base font-medium text-ink">
        {finding.description}
      </h3>
      {after && (
        <div className={before ? "mt-3 grid grid-cols-2 gap-3" : "mt-3"}>
          {before && (
            <Picture
              url={before}
              alt={t("findings.beforeAlt", { description: finding.description })}
              caption={t("findings.before")}
            />
          )}
          <Picture
            url={after}
            alt={t("findings.afterAlt", { description: finding.description })}
            wide={!before}
            caption={
              before ? (
                t("findings.after")
              ) : (
                <>
                  {t("findings.after")} <span className="font-normal">· {t("findings.noEarlier")}</span>
                </>
              )
            }
          />
        </div>
      )}
      {/* Last in reading order (after what was seen); on wider screens in the card's top corner. */}
      {playAt !== undefined && (
        <div className="mt-3 sm:absolute sm:top-4 sm:right-5 sm:mt-0">
          <PlayAtButton seconds={playAt} words={playAtText(playAt, finding.description)} />
        </div>
      )}
    </article>
  );
}
