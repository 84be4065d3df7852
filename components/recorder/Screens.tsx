"use client";

import { CircleAlert, FileVideoCamera, LoaderCircle, TriangleAlert, WifiOff } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import { Skeleton } from "@/components/ui/Skeleton";
import type { Snapshot, Walkthrough } from "@/lib/recorder-app/walkthrough";
import { CameraPreview } from "./CameraPreview";
import { ChecklistSections } from "./ChecklistSections";
import { FinishedScreen } from "./FinishedScreen";
import { ActionBar, primaryAction, RecorderMain, secondaryAction, StatusCard } from "./Layout";
import { LinkDoesNotWork } from "./LinkDoesNotWork";
import { UploadFileButton } from "./UploadFileButton";
import { UploadProgress } from "./UploadProgress";

interface Props {
  walkthrough: Walkthrough;
  snapshot: Snapshot;
}

/** The red of the record button: the one place the recording colour leads an action. */
const recordButton = "bg-record hover:bg-record/90";

function RecordDot() {
  return <span aria-hidden="true" className="size-3.5 rounded-full bg-white" />;
}

function Ready({ walkthrough, snapshot, resume }: Props & { resume: boolean }) {
  const t = useTranslations("recorder");
  const session = snapshot.session!;
  return (
    <>
      <RecorderMain>
        <Card aria-labelledby="intro-title">
          <h2 id="intro-title" className="text-xl font-semibold tracking-tight text-ink">
            {resume ? t("resume.title") : t("ready.title")}
          </h2>
          <p className="mt-1.5 text-ink-soft">{resume ? t("resume.body") : t("ready.body")}</p>
        </Card>
        <Card aria-label={t("ready.checklist")}>
          <ChecklistSections checklist={session.checklist} checked={resume ? snapshot.checked : undefined} />
        </Card>
      </RecorderMain>
      <ActionBar>
        {resume && snapshot.progress.totalBytes > 0 && <UploadProgress progress={snapshot.progress} online={snapshot.online} />}
        <Button className={cn(primaryAction, recordButton)} onClick={() => void walkthrough.startRecording()}>
          <RecordDot />
          {resume ? t("resume.continue") : t("ready.start")}
        </Button>
        {resume ? (
          <Button variant="secondary" className={secondaryAction} onClick={() => walkthrough.done()}>
            {t("resume.done")}
          </Button>
        ) : (
          <UploadFileButton onFile={(file) => void walkthrough.uploadFile(file)} />
        )}
      </ActionBar>
    </>
  );
}

function Recording({ walkthrough, snapshot }: Props) {
  const t = useTranslations("recorder");
  return (
    <>
      <RecorderMain className="lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-6">
        <div className="flex flex-col gap-3 lg:sticky lg:top-4">
          <CameraPreview stream={walkthrough.stream} since={snapshot.runStartedAtMs} />
          {snapshot.notice && (
            <Notice tone="warning" live>
              {t(`refusals.${snapshot.notice}`)}
            </Notice>
          )}
        </div>
        <section aria-label={t("recording.checklist")}>
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
        <UploadProgress progress={snapshot.progress} online={snapshot.online} />
        <Button className={primaryAction} onClick={() => walkthrough.done()}>
          {t("recording.done")}
        </Button>
      </ActionBar>
    </>
  );
}

function Review({ walkthrough, snapshot }: Props) {
  const t = useTranslations("recorder.review");
  const left = walkthrough.unchecked();
  return (
    <>
      <RecorderMain>
        <Card aria-labelledby="review-title">
          <CardHeader
            id="review-title"
            title={<span className="text-xl tracking-tight">{t("title")}</span>}
            description={<span className="text-base text-ink-soft">{t("body", { count: left.length })}</span>}
          />
          <ul className="flex flex-col divide-y divide-line border-t border-line">
            {left.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-3">
                <span aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded-full border-2 border-line-strong" />
                <span className="min-w-0">
                  <span className="text-ink">{item.name}</span>
                  {snapshot.flagged.has(item.id) && <span className="block text-sm text-warning">{t("unclear")}</span>}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </RecorderMain>
      <ActionBar>
        <Button className={primaryAction} onClick={() => walkthrough.filmRemaining()}>
          {t("filmNow", { count: left.length })}
        </Button>
        <Button variant="secondary" className={secondaryAction} onClick={() => void walkthrough.finishAnyway()}>
          {t("finishAnyway")}
        </Button>
      </ActionBar>
    </>
  );
}

/** While the walkthrough or the camera is on its way: the shape of what comes, announced once. */
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

export function Screens(props: Props) {
  const t = useTranslations("recorder");
  const { walkthrough, snapshot } = props;
  const explain = (itemId: string, reason: string) => walkthrough.explain(itemId, reason);
  switch (snapshot.screen) {
    case "ready":
    case "resume":
      return <Ready {...props} resume={snapshot.screen === "resume"} />;
    case "recording":
      return <Recording {...props} />;
    case "review":
      return <Review {...props} />;
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
