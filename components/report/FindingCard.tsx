import type { ReactNode } from "react";
import { SeverityBadge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { LocalTime } from "@/components/ui/LocalTime";
import { TextLink } from "@/components/ui/TextLink";
import type { LastSeenUndamaged } from "@/lib/evidence/last-seen-undamaged";
import { DownloadPdfButton } from "./DownloadPdfButton";
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
 * When the spot was last filmed without the finding, and the stays since: the window a damage
 * claim names. Shown for every finding: a stain is claimed as much as a crack.
 */
async function LastSeen({ lastSeen }: { lastSeen: LastSeenUndamaged | undefined }) {
  const t = await pageTranslations("report.findings");
  if (!lastSeen) return <p className="mt-3 text-sm text-muted">{t("notSeenUndamaged")}</p>;
  const stays = lastSeen.stays;
  return (
    <div className="mt-3 flex flex-col gap-1 rounded-md bg-subtle px-3 py-2 text-sm text-ink-soft">
      <p>
        <span className="font-medium text-ink">{t("lastSeen")}</span>{" "}
        <TextLink href={`/reports/${lastSeen.inspectionId}`}>
          <LocalTime date={lastSeen.recordedAt} />
        </TextLink>
      </p>
      {stays === undefined ? (
        <p>{t("staysUnknown")}</p>
      ) : (
        <>
          <p>
            {t("staysSince", { count: stays.length })}
            {stays.length > 0 && ":"}
          </p>
          {stays.length > 0 && (
            <ul className="flex flex-col">
              {stays.map((stay) => (
                <li key={stay.reservation_id}>
                  <LocalTime date={stay.check_in} mode="day" /> – <LocalTime date={stay.check_out} mode="day" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/**
 * One finding: how serious, where, what kind, what was seen, and the pictures: the earlier
 * picture of the spot beside the one found, or the one found alone when there is no earlier one.
 */
export async function FindingCard({
  inspectionId,
  finding,
  lastSeen,
  playable,
}: {
  inspectionId: string;
  finding: FindingRead;
  lastSeen: LastSeenUndamaged | undefined;
  playable: boolean;
}) {
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
      <LastSeen lastSeen={lastSeen} />
      <div className="mt-3 print:hidden">
        <DownloadPdfButton
          inspectionId={inspectionId}
          path={`findings/${encodeURIComponent(finding.id)}/claim`}
          label={t("findings.claimSummary")}
          variant="secondary"
          size="sm"
        />
      </div>
      {/* Last in reading order (after what was seen); on wider screens in the card's top corner. */}
      {playAt !== undefined && (
        <div className="mt-3 sm:absolute sm:top-4 sm:right-5 sm:mt-0">
          <PlayAtButton seconds={playAt} words={playAtText(playAt, finding.description)} />
        </div>
      )}
    </article>
  );
}
