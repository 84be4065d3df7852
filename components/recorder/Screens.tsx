"use client";

import { CircleAlert, CircleCheck, FileVideoCamera, LoaderCircle, TriangleAlert, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import { Skeleton } from "@/components/ui/Skeleton";
import type { Snapshot, Walkthrough } from "@/lib/recorder-app/walkthrough";
import { CameraPreview } from "./CameraPreview";
import { ChecklistSections } from "./ChecklistSections";
import { ActionBar, primaryAction, RecorderMain, secondaryAction, StatusCard } from "./Layout";
import { LinkDoesNotWork } from "./LinkDoesNotWork";
import { Results } from "./Results";
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
  const session = snapshot.session!;
  return (
    <>
      <RecorderMain>
        <Card aria-labelledby="intro-title">
          <h2 id="intro-title" className="text-xl font-semibold tracking-tight text-ink">
            {resume ? "Your walkthrough is saved so far" : "Record your walkthrough"}
          </h2>
          <p className="mt-1.5 text-ink-soft">
            {resume
              ? "Everything you filmed is kept. Continue where you stopped; the video joins up in order."
              : "Film every room with the rear camera. Tap each checklist item while the camera shows it done."}
          </p>
        </Card>
        <Card aria-label="Checklist">
          <ChecklistSections checklist={session.checklist} checked={resume ? snapshot.checked : undefined} />
        </Card>
      </RecorderMain>
      <ActionBar>
        {resume && snapshot.progress.totalBytes > 0 && <UploadProgress progress={snapshot.progress} online={snapshot.online} />}
        <Button className={cn(primaryAction, recordButton)} onClick={() => void walkthrough.startRecording()}>
          <RecordDot />
          {resume ? "Continue recording" : "Start recording"}
        </Button>
        {resume ? (
          <Button variant="secondary" className={secondaryAction} onClick={() => walkthrough.done()}>
            Done
          </Button>
        ) : (
          <UploadFileButton onFile={(file) => void walkthrough.uploadFile(file)} />
        )}
      </ActionBar>
    </>
  );
}

function Recording({ walkthrough, snapshot }: Props) {
  return (
    <>
      <RecorderMain className="lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-6">
        <div className="flex flex-col gap-3 lg:sticky lg:top-4">
          <CameraPreview stream={walkthrough.stream} since={snapshot.runStartedAtMs} />
          {snapshot.notice && (
            <Notice tone="warning" live>
              {snapshot.notice}
            </Notice>
          )}
        </div>
        <section aria-label="Checklist: tap an item when the camera shows it done">
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
          Done
        </Button>
      </ActionBar>
    </>
  );
}

function Review({ walkthrough, snapshot }: Props) {
  const left = walkthrough.unchecked();
  return (
    <>
      <RecorderMain>
        <Card aria-labelledby="review-title">
          <CardHeader
            id="review-title"
            title={<span className="text-xl tracking-tight">Not filmed yet</span>}
            description={
              <span className="text-base text-ink-soft">
                {left.length === 1 ? "This item is" : `These ${left.length} items are`} not checked off. Film{" "}
                {left.length === 1 ? "it" : "them"} now, or finish anyway: {left.length === 1 ? "it is" : "they are"} then
                reported as missed.
              </span>
            }
          />
          <ul className="flex flex-col divide-y divide-line border-t border-line">
            {left.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-3">
                <span aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded-full border-2 border-line-strong" />
                <span className="min-w-0">
                  <span className="text-ink">{item.name}</span>
                  {snapshot.flagged.has(item.id) && (
                    <span className="block text-sm text-warning">Checked, but not clear on camera</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </RecorderMain>
      <ActionBar>
        <Button className={primaryAction} onClick={() => walkthrough.filmRemaining()}>
          Film {left.length === 1 ? "it" : "them"} now
        </Button>
        <Button variant="secondary" className={secondaryAction} onClick={() => void walkthrough.finishAnyway()}>
          Finish anyway
        </Button>
      </ActionBar>
    </>
  );
}

function Uploaded({ snapshot }: Props) {
  const partner = snapshot.session?.partner.name ?? "the app";
  return (
    <RecorderMain>
      <StatusCard
        title="Recording uploaded"
        icon={CircleCheck}
        tone="success"
        actions={
          snapshot.returnUrl && (
            <Button asChild className={primaryAction}>
              <a href={snapshot.returnUrl}>Return to {partner}</a>
            </Button>
          )
        }
      >
        <p>Thank you. Your walkthrough is safely uploaded.</p>
      </StatusCard>
    </RecorderMain>
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
      return <Uploaded {...props} />;
    case "sealed":
      return (
        <RecorderMain>
          <StatusCard title="Recording uploaded" icon={CircleCheck} tone="success">
            <p>This walkthrough is finished and uploaded. Nothing more to record.</p>
          </StatusCard>
          <Results results={snapshot.session?.results ?? []} onExplain={explain} />
        </RecorderMain>
      );
    case "uploading":
      return (
        <RecorderMain>
          <StatusCard title="Uploading your walkthrough" icon={LoaderCircle} tone="busy">
            <p>Keep this page open until the upload is finished.</p>
            <div className="mt-2">
              <UploadProgress progress={snapshot.progress} online={snapshot.online} />
            </div>
          </StatusCard>
        </RecorderMain>
      );
    case "sealing":
      return (
        <RecorderMain>
          <StatusCard title="Finishing the upload" icon={LoaderCircle} tone="busy">
            <p>Keep this page open. This usually takes less than a minute.</p>
          </StatusCard>
        </RecorderMain>
      );
    case "received":
      return (
        <RecorderMain>
          <StatusCard title="Walkthrough received" icon={CircleCheck} tone="success">
            <p>Your video is on our server and still being processed. You can close this page.</p>
          </StatusCard>
        </RecorderMain>
      );
    case "choose-file-again":
      return (
        <RecorderMain>
          <StatusCard
            title="Choose the video again"
            icon={FileVideoCamera}
            tone="info"
            actions={<UploadFileButton primary label="Choose the video" onFile={(file) => void walkthrough.uploadFile(file)} />}
          >
            <p>Part of your video is uploaded. Choose the same video again to finish the upload.</p>
          </StatusCard>
        </RecorderMain>
      );
    case "upload-error":
      return (
        <RecorderMain>
          <StatusCard
            title="The upload stopped"
            icon={TriangleAlert}
            tone="danger"
            actions={
              <Button className={primaryAction} onClick={() => void walkthrough.retry()}>
                Try again
              </Button>
            }
          >
            <p role="alert">{snapshot.error ?? "Something went wrong."} Everything you recorded is still on this phone.</p>
          </StatusCard>
        </RecorderMain>
      );
    case "failed":
      return (
        <RecorderMain>
          <StatusCard title="This walkthrough could not be processed" icon={CircleAlert} tone="danger">
            <p>The video could not be used. Tell the person who sent you this link.</p>
          </StatusCard>
        </RecorderMain>
      );
    case "offline":
      return (
        <RecorderMain>
          <StatusCard
            title="You are offline"
            icon={WifiOff}
            tone="warning"
            actions={
              <Button className={primaryAction} onClick={() => window.location.reload()}>
                Try again
              </Button>
            }
          >
            <p>Connect to the internet once to open this walkthrough. After that, recording works without a connection.</p>
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
      return <Loading label={snapshot.screen === "starting-camera" ? "Starting the camera" : "Loading the walkthrough"} />;
  }
}
