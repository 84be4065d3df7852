"use client";

import { CircleAlert, CircleStop, FileVideoCamera, LoaderCircle, Square, TriangleAlert, WifiOff } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import type { Snapshot, Walkthrough } from "@/lib/recorder-app/walkthrough";
import { CameraPreview } from "./CameraPreview";
import { ChecklistRow } from "./ChecklistRow";
import { ChecklistSections } from "./ChecklistSections";
import { ChecklistStrip } from "./ChecklistStrip";
import { FinishedScreen } from "./FinishedScreen";
import { ActionBar, primaryAction, RecorderMain, secondaryAction, StatusCard } from "./Layout";
import { LinkDoesNotWork } from "./LinkDoesNotWork";
import { Loading, Ready, RecordDot, recordButton } from "./ReadyScreen";
import { UploadFileButton } from "./UploadFileButton";
import { UploadProgress } from "./UploadProgress";

interface Props {
  walkthrough: Walkthrough;
  snapshot: Snapshot;
}

function Recording({ walkthrough, snapshot }: Props) {
  const t = useTranslations("recorder");
  return (
    <>
      {/* On a phone the screen is the camera's: the preview takes what the strip and the bar leave, at least half. */}
      <RecorderMain className="gap-3 py-3 sm:py-3 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-6 lg:py-8">
        <div className="flex flex-1 flex-col gap-3 lg:sticky lg:top-4">
          <CameraPreview
            className="max-lg:h-auto max-lg:min-h-[50dvh] max-lg:flex-1"
            stream={walkthrough.stream}
            since={snapshot.runStartedAtMs}
            run={walkthrough.currentRun}
            onDarkSpans={(spans) => void walkthrough.keepDarkSpans(spans)}
          />
          {snapshot.notice && (
            <Notice tone="warning" live>
              {t(`refusals.${snapshot.notice}`)}
            </Notice>
          )}
        </div>
        <ChecklistStrip
          className="lg:hidden"
          checklist={snapshot.session!.checklist}
          checked={snapshot.checked}
          flagged={snapshot.flagged}
          onToggle={(id) => void walkthrough.toggle(id)}
          onRefilm={(id) => void walkthrough.refilm(id)}
          onFinishAnyway={(id) => walkthrough.acceptFlag(id)}
        />
        {/* On a desktop there is room beside the camera for the whole list. */}
        <section aria-label={t("recording.checklist")} className="hidden lg:block">
          <ChecklistSections
            checklist={snapshot.session!.checklist}
            checked={snapshot.checked}
            onToggle={(id) => void walkthrough.toggle(id)}
            flagged={snapshot.flagged}
            onRefilm={(id) => void walkthrough.refilm(id)}
            onFinishAnyway={(id) => walkthrough.acceptFlag(id)}
          />
        </section>
      </RecorderMain>
      <ActionBar>
        {snapshot.restarted && (
          <Notice tone="info" live>
            {t("stopped.restarted")}
          </Notice>
        )}
        {/* On a desktop the bar's width goes to the progress, not the bar's narrow button column. */}
        <div className="flex items-center gap-4 lg:flex-1">
          <UploadProgress progress={snapshot.progress} online={snapshot.online} />
          <StopButton label={t("stopped.stop")} onStop={() => void walkthrough.stop()} />
        </div>
      </ActionBar>
    </>
  );
}

/** The round stop: the one action while recording, big enough for a gloved thumb, apart from Done. */
function StopButton({ label, onStop }: { label: string; onStop: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn(
        "grid size-16 shrink-0 place-items-center rounded-full bg-surface ring-4 ring-record",
        "hover:bg-record/10 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus",
      )}
      onClick={onStop}
    >
      <Square aria-hidden className="size-6 fill-record text-record" />
    </button>
  );
}

/**
 * After Stop (or an interruption, or a reload mid-walk): what is saved, what is not filmed yet,
 * and the two ways on: Continue recording (a new run) or Done (what is left is reported missed).
 */
function Stopped({ walkthrough, snapshot }: Props) {
  const t = useTranslations("recorder");
  const left = walkthrough.unchecked();
  const continueFirst = left.length > 0;
  const continueButton = (
    <Button
      key="continue"
      className={cn(continueFirst ? primaryAction : secondaryAction, continueFirst && recordButton)}
      variant={continueFirst ? "primary" : "secondary"}
      onClick={() => void walkthrough.startRecording()}
    >
      {continueFirst && <RecordDot />}
      {t("resume.continue")}
    </Button>
  );
  const doneButton = (
    <Button
      key="done"
      className={cn(continueFirst ? secondaryAction : primaryAction, "whitespace-normal")}
      variant={continueFirst ? "secondary" : "primary"}
      onClick={() => void walkthrough.done()}
    >
      {t("stopped.done")}
    </Button>
  );
  return (
    <>
      <RecorderMain>
        {/* A status line, not a tall card: at 360 x 740 what is not filmed yet and both actions show without scrolling. */}
        <Card aria-labelledby="stopped-title" className="flex flex-col gap-1 px-4 py-3">
          <div className="flex items-center gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
              <CircleStop aria-hidden className="size-6" strokeWidth={2.25} />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="stopped-title" className="text-lg leading-snug font-semibold tracking-tight text-ink">
                {t("stopped.title")}
              </h2>
              <p className="text-sm text-ink-soft">{t("stopped.saved")}</p>
            </div>
          </div>
          <UploadProgress progress={snapshot.progress} online={snapshot.online} />
        </Card>
        <Card aria-labelledby="left-title">
          <CardHeader
            id="left-title"
            title={
              <span className="text-xl tracking-tight">{left.length > 0 ? t("review.title") : t("stopped.allCheckedTitle")}</span>
            }
            description={
              <span className="text-base text-ink-soft">
                {left.length > 0 ? t("stopped.leftBody", { count: left.length }) : t("stopped.allCheckedBody")}
              </span>
            }
          />
          {left.length > 0 && (
            <ul className="-my-3 flex flex-col divide-y divide-line">
              {left.map((item) => {
                const unclear = snapshot.flagged.has(item.id);
                return (
                  <li key={item.id}>
                    <ChecklistRow
                      item={item}
                      mark={unclear ? "unclear" : "open"}
                      detail={unclear && <span className="text-sm text-warning">{t("review.unclear")}</span>}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </RecorderMain>
      <ActionBar>{continueFirst ? [continueButton, doneButton] : [doneButton, continueButton]}</ActionBar>
    </>
  );
}

/** While the walkthrough or the camera is on its way: the shape of what comes, announced once. */
export function Screens(props: Props) {
  const t = useTranslations("recorder");
  const { walkthrough, snapshot } = props;
  const explain = (itemId: string, reason: string) => walkthrough.explain(itemId, reason);
  switch (snapshot.screen) {
    case "ready":
      return (
        <Ready
          session={snapshot.session!}
          onStart={() => void walkthrough.startRecording()}
          onFile={(file) => void walkthrough.uploadFile(file)}
        />
      );
    case "recording":
      return <Recording {...props} />;
    case "stopped":
      return <Stopped {...props} />;
    case "uploaded":
    case "received":
    case "sealed":
      return (
        <FinishedScreen
          variant={snapshot.screen}
          viaFile={snapshot.viaFile}
          partner={snapshot.session?.partner.name}
          returnUrl={snapshot.returnUrl}
          results={snapshot.session?.results}
          onExplain={explain}
        />
      );
    case "uploading": {
      // Every part saved and the finish call on its way: the title says so, not "Uploading" above "All saved".
      const saved = snapshot.progress.totalParts > 0 && snapshot.progress.pendingParts === 0;
      return (
        <RecorderMain>
          <StatusCard title={saved ? t("finished.sealingTitle") : t("finished.uploadingTitle")} icon={LoaderCircle} tone="busy">
            <p>{saved ? t("finished.finishingBody") : t("finished.uploadingBody")}</p>
            <div className="mt-2">
              <UploadProgress progress={snapshot.progress} online={snapshot.online} />
            </div>
          </StatusCard>
        </RecorderMain>
      );
    }
    case "sealing":
      return (
        <RecorderMain>
          <StatusCard title={t("finished.sealingTitle")} icon={LoaderCircle} tone="busy">
            <p>{t("finished.sealingBody")}</p>
          </StatusCard>
        </RecorderMain>
      );
    case "choose-file-again":
      return (
        <RecorderMain>
          <StatusCard
            title={t("file.chooseAgainTitle")}
            icon={FileVideoCamera}
            tone="info"
            actions={<UploadFileButton primary label={t("file.choose")} onFile={(file) => void walkthrough.uploadFile(file)} />}
          >
            <p>{t("file.chooseAgainBody")}</p>
          </StatusCard>
        </RecorderMain>
      );
    case "upload-error":
      return (
        <RecorderMain>
          <StatusCard
            title={t("problems.uploadStoppedTitle")}
            icon={TriangleAlert}
            tone="danger"
            actions={
              <Button className={primaryAction} onClick={() => void walkthrough.retry()}>
                {t("problems.tryAgain")}
              </Button>
            }
          >
            <p role="alert">{t(`refusals.${snapshot.error ?? "upload"}`)}</p>
            <p>{t("problems.uploadStoppedKept")}</p>
          </StatusCard>
        </RecorderMain>
      );
    case "failed":
      return (
        <RecorderMain>
          <StatusCard title={t("problems.failedTitle")} icon={CircleAlert} tone="danger">
            <p>{t("problems.failedBody")}</p>
            <p>{t("problems.askNewLink")}</p>
          </StatusCard>
        </RecorderMain>
      );
    case "offline":
      return (
        <RecorderMain>
          <StatusCard
            title={t("problems.offlineTitle")}
            icon={WifiOff}
            tone="warning"
            actions={
              <Button className={primaryAction} onClick={() => window.location.reload()}>
                {t("problems.tryAgain")}
              </Button>
            }
          >
            <p>{t("problems.offlineBody")}</p>
          </StatusCard>
        </RecorderMain>
      );
    case "gone":
      return (
        <RecorderMain>
          <LinkDoesNotWork />
        </RecorderMain>
      );
    default:
      return <Loading label={snapshot.screen === "starting-camera" ? t("loading.camera") : t("loading.walkthrough")} />;
  }
}
