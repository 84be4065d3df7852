"use client";

import type { ReactNode } from "react";
import type { Snapshot, Walkthrough } from "@/lib/recorder-app/walkthrough";
import { CameraPreview } from "./CameraPreview";
import { ChecklistSections } from "./ChecklistSections";
import { LinkDoesNotWork } from "./LinkDoesNotWork";
import styles from "./recorder.module.css";
import { Results } from "./Results";
import { UploadFileButton } from "./UploadFileButton";
import { UploadProgress } from "./UploadProgress";

interface Props {
  walkthrough: Walkthrough;
  snapshot: Snapshot;
}

function Message({
  title,
  children,
  busy = false,
  done = false,
}: {
  title: string;
  children?: ReactNode;
  busy?: boolean;
  done?: boolean;
}) {
  return (
    <section className={`${styles.card} ${styles.center}`} aria-busy={busy} aria-labelledby="message-title">
      {busy && <div className={styles.spinner} aria-hidden="true" />}
      {done && (
        <div className={styles.check} aria-hidden="true">
          ✓
        </div>
      )}
      <h2 id="message-title" className={styles.big}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Ready({ walkthrough, snapshot, resume }: Props & { resume: boolean }) {
  const session = snapshot.session!;
  return (
    <>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="intro-title">
          <h2 id="intro-title">{resume ? "Your walkthrough is saved so far" : "Record your walkthrough"}</h2>
          <p className={styles.muted}>
            {resume
              ? "Everything you filmed is kept. Continue where you stopped; the video joins up in order."
              : "Film every room with the rear camera. Tap each checklist item while the camera shows it done."}
          </p>
        </section>
        <section className={styles.card} aria-label="Checklist">
          <ChecklistSections checklist={session.checklist} checked={resume ? snapshot.checked : undefined} />
        </section>
      </main>
      <div className={styles.bar}>
        <div className={styles.barInner}>
          {resume && snapshot.progress.totalBytes > 0 && <UploadProgress progress={snapshot.progress} online={snapshot.online} />}
          <button type="button" className={`${styles.button} ${styles.record}`} onClick={() => void walkthrough.startRecording()}>
            {resume ? "Continue recording" : "Start recording"}
          </button>
          {resume ? (
            <button type="button" className={styles.secondary} onClick={() => walkthrough.done()}>
              Done
            </button>
          ) : (
            <UploadFileButton onFile={(file) => void walkthrough.uploadFile(file)} />
          )}
        </div>
      </div>
    </>
  );
}

function Recording({ walkthrough, snapshot }: Props) {
  return (
    <>
      <main className={`${styles.main} ${styles.recordingLayout}`}>
        <CameraPreview stream={walkthrough.stream} since={snapshot.runStartedAtMs} />
        {snapshot.notice && (
          <p className={styles.muted} role="status">
            {snapshot.notice}
          </p>
        )}
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
      </main>
      <div className={styles.bar}>
        <div className={styles.barInner}>
          <UploadProgress progress={snapshot.progress} online={snapshot.online} />
          <button type="button" className={styles.button} onClick={() => walkthrough.done()}>
            Done
          </button>
        </div>
      </div>
    </>
  );
}

function Review({ walkthrough, snapshot }: Props) {
  const left = walkthrough.unchecked();
  return (
    <main className={styles.main}>
      <section className={styles.card} aria-labelledby="review-title">
        <h2 id="review-title">Not filmed yet</h2>
        <p className={styles.muted}>
          {left.length === 1 ? "This item is" : `These ${left.length} items are`} not checked off. Film{" "}
          {left.length === 1 ? "it" : "them"} now, or finish anyway: {left.length === 1 ? "it is" : "they are"} then reported as
          missed.
        </p>
        <ul className={styles.list}>
          {left.map((item) => (
            <li key={item.id} className={styles.previewItem}>
              {item.name}
              {snapshot.flagged.has(item.id) && <span className={styles.notes}>Checked, but not clear on camera</span>}
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => walkthrough.filmRemaining()}>
          Film {left.length === 1 ? "it" : "them"} now
        </button>
        <button type="button" className={styles.secondary} onClick={() => void walkthrough.finishAnyway()}>
          Finish anyway
        </button>
      </div>
    </main>
  );
}

function Uploaded({ snapshot }: Props) {
  const partner = snapshot.session?.partner.name ?? "the app";
  return (
    <main className={styles.main}>
      <Message title="Recording uploaded" done>
        <p>Thank you. Your walkthrough is safely uploaded.</p>
        {snapshot.returnUrl && (
          <a className={styles.button} href={snapshot.returnUrl}>
            Return to {partner}
          </a>
        )}
      </Message>
    </main>
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
        <main className={styles.main}>
          <Message title="Recording uploaded" done>
            <p>This walkthrough is finished and uploaded. Nothing more to record.</p>
          </Message>
          <Results results={snapshot.session?.results ?? []} onExplain={explain} />
        </main>
      );
    case "uploading":
      return (
        <main className={styles.main}>
          <Message title="Uploading your walkthrough" busy>
            <p>Keep this page open until the upload is finished.</p>
            <UploadProgress progress={snapshot.progress} online={snapshot.online} />
          </Message>
        </main>
      );
    case "sealing":
      return (
        <main className={styles.main}>
          <Message title="Finishing the upload" busy>
            <p>Keep this page open. This usually takes less than a minute.</p>
          </Message>
        </main>
      );
    case "received":
      return (
        <main className={styles.main}>
          <Message title="Walkthrough received" done>
            <p>Your video is on our server and still being processed. You can close this page.</p>
          </Message>
        </main>
      );
    case "choose-file-again":
      return (
        <main className={styles.main}>
          <Message title="Choose the video again">
            <p>Part of your video is uploaded. Choose the same video again to finish the upload.</p>
            <UploadFileButton label="Choose the video" onFile={(file) => void walkthrough.uploadFile(file)} />
          </Message>
        </main>
      );
    case "upload-error":
      return (
        <main className={styles.main}>
          <Message title="The upload stopped">
            <p role="alert">{snapshot.error ?? "Something went wrong."} Everything you recorded is still on this phone.</p>
            <button type="button" className={styles.button} onClick={() => void walkthrough.retry()}>
              Try again
            </button>
          </Message>
        </main>
      );
    case "failed":
      return (
        <main className={styles.main}>
          <Message title="This walkthrough could not be processed">
            <p>The video could not be used. Tell the person who sent you this link.</p>
          </Message>
        </main>
      );
    case "offline":
      return (
        <main className={styles.main}>
          <Message title="You are offline">
            <p>Connect to the internet once to open this walkthrough. After that, recording works without a connection.</p>
            <button type="button" className={styles.button} onClick={() => window.location.reload()}>
              Try again
            </button>
          </Message>
        </main>
      );
    case "gone":
      return (
        <main className={styles.main}>
          <LinkDoesNotWork />
        </main>
      );
    default:
      return (
        <main className={styles.main} aria-busy="true">
          <div
            className={styles.spinner}
            role="progressbar"
            aria-label={snapshot.screen === "starting-camera" ? "Starting the camera" : "Loading the walkthrough"}
          />
        </main>
      );
  }
}
