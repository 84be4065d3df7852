"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/Skeleton";
import type { Session } from "@/lib/recorder-app/recorder-client";
import { ChecklistSections } from "./ChecklistSections";
import { ActionBar, primaryAction, RecorderMain } from "./Layout";
import { UploadFileButton } from "./UploadFileButton";

/*
 * The screens a cleaner meets first (loading, then ready to record), apart from the others
 * (Screens.tsx), which the app loads after the first screen is up: a cheap phone on a slow
 * network gets to "Start recording" with less JavaScript.
 */

export function Loading({ label }: { label: string }) {
  return (
    <RecorderMain busy>
      <div role="progressbar" aria-label={label} className="flex flex-col gap-4">
        <Skeleton className="h-28 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    </RecorderMain>
  );
}

/** The red of the record button: the one place the recording colour leads an action. */
export const recordButton = "bg-record hover:bg-record/90";

export function RecordDot() {
  return <span aria-hidden="true" className="size-3.5 rounded-full bg-white" />;
}

/**
 * The walkthrough before filming: what it is and what to film. The server renders it from the
 * page's preview with its buttons off; they work once the app has hydrated (`onStart`, `onFile`).
 */
export function Ready({ session, onStart, onFile }: { session: Session; onStart?: () => void; onFile?: (file: File) => void }) {
  const t = useTranslations("recorder");
  return (
    <>
      <RecorderMain>
        <Card aria-labelledby="intro-title">
          <h2 id="intro-title" className="text-xl font-semibold tracking-tight text-ink">
            {t("ready.title")}
          </h2>
          <p className="mt-1.5 text-ink-soft">{t("ready.body")}</p>
        </Card>
        <Card aria-label={t("ready.checklist")}>
          <ChecklistSections checklist={session.checklist} />
        </Card>
      </RecorderMain>
      <ActionBar>
        <Button className={cn(primaryAction, recordButton)} disabled={!onStart} onClick={onStart}>
          <RecordDot />
          {t("ready.start")}
        </Button>
        <UploadFileButton onFile={onFile} />
      </ActionBar>
    </>
  );
}
