"use client";

import { CircleCheck } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import type { SessionResult } from "@/lib/recorder-app/recorder-client";
import { primaryAction, RecorderMain, StatusCard } from "./Layout";
import { Results } from "./Results";

/**
 * How the walkthrough ended, as the cleaner needs to hear it:
 * - `uploaded`: sealed just now; with the partner's return link, the way back (the page goes there by itself too);
 * - `received`: every part is on the server but the seal did not finish within 5 minutes: nothing left to do;
 * - `sealed`: a finished link opened again, with its checklist results.
 * `viaFile` says it was a chosen video rather than a recording.
 */
export type FinishedVariant = "uploaded" | "received" | "sealed";

export function FinishedScreen({
  variant,
  viaFile = false,
  partner,
  returnUrl,
  results = [],
  onExplain,
}: {
  variant: FinishedVariant;
  viaFile?: boolean;
  partner?: string;
  returnUrl?: string;
  results?: SessionResult[];
  onExplain: (itemId: string, reason: string) => Promise<void>;
}) {
  const t = useTranslations("recorder.finished");
  const returning = variant === "uploaded" && returnUrl !== undefined && partner !== undefined;
  const title =
    variant === "received" ? t("receivedTitle") : variant === "uploaded" && viaFile ? t("fileTitle") : t("uploadedTitle");
  const body =
    variant === "received"
      ? t("receivedBody")
      : variant === "sealed"
        ? t("sealedBody")
        : viaFile
          ? t("fileBody")
          : t("uploadedBody");
  return (
    <RecorderMain>
      <StatusCard
        title={title}
        icon={CircleCheck}
        tone="success"
        actions={
          returning && (
            <Button asChild className={primaryAction}>
              <a href={returnUrl}>{t("returnTo", { partner })}</a>
            </Button>
          )
        }
      >
        <p>{body}</p>
        {returning && <p>{t("returning", { partner })}</p>}
      </StatusCard>
      {variant === "sealed" && <Results results={results} onExplain={onExplain} />}
    </RecorderMain>
  );
}
