"use client";

import { ChevronDown } from "lucide-react";
import { useTranslations } from "use-intl";
import type { UploadProgress as Progress } from "@/lib/recorder-app/uploader";
import { Notice } from "@/components/ui/Notice";

const megabytes = (bytes: number) => bytes / 1_000_000;

/** What is safe on the server, of what was recorded, in words; the numbers on a Details toggle, for support. */
export function UploadProgress({ progress, online }: { progress: Progress; online: boolean }) {
  const t = useTranslations("recorder.progress");
  const { storedBytes, totalBytes, totalParts, pendingParts } = progress;
  const headline =
    totalParts === 0
      ? t("nothingYet")
      : pendingParts === 0
        ? t("allSaved")
        : t("saving", { current: totalParts - pendingParts + 1, total: totalParts });
  return (
    <div className="flex w-full flex-col gap-1.5 text-left lg:flex-1">
      <p id="upload-progress-label" className="font-medium text-ink" aria-live="polite">
        {headline}
      </p>
      <progress
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-subtle [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-subtle [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
        aria-labelledby="upload-progress-label"
        max={Math.max(totalBytes, 1)}
        value={storedBytes}
      />
      <details className="group text-sm text-muted">
        {/* Looks like what it is, a thing to tap: underlined, with a chevron that turns when open. */}
        <summary className="inline-flex min-h-12 min-w-12 cursor-pointer list-none items-center gap-1 rounded-md underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
          {t("details")}
          <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <p className="tabular-nums">{t("detailsBytes", { stored: megabytes(storedBytes), total: megabytes(totalBytes) })}</p>
        <p className="tabular-nums">{t("detailsParts", { stored: totalParts - pendingParts, total: totalParts })}</p>
      </details>
      {!online && (
        <Notice tone="warning" live className="mt-1">
          {t("offline")}
        </Notice>
      )}
    </div>
  );
}
