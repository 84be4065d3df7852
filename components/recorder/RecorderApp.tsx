"use client";

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { registerRecorderWorker } from "@/lib/recorder-app/service-worker";
import type { Session } from "@/lib/recorder-app/recorder-client";
import { Walkthrough } from "@/lib/recorder-app/walkthrough";
import { Header } from "./Header";
import { RecorderFrame, RecorderMain } from "./Layout";
import { Loading, Ready } from "./ReadyScreen";

// Every screen after "ready" (recording, stopped, results, problems) comes in its own chunk,
// fetched as soon as the first screen is up: the first load carries only what that screen needs.
const loadScreens = () => import("./Screens");
const loadCameraProblem = () => import("./CameraProblemScreen");
const Screens = lazy(async () => ({ default: (await loadScreens()).Screens }));
const CameraProblemScreen = lazy(async () => ({ default: (await loadCameraProblem()).CameraProblemScreen }));

/** The link's token, from the page's own address (`/r/<token>`): the page is the same for every link. */
function tokenFromLocation(): string {
  return decodeURIComponent(window.location.pathname.split("/")[2] ?? "");
}

function useWalkthrough(preview: Session | undefined): Walkthrough | undefined {
  const [walkthrough, setWalkthrough] = useState<Walkthrough>();
  const [firstPreview] = useState(preview);
  useEffect(() => {
    const created = new Walkthrough(tokenFromLocation(), firstPreview);
    setWalkthrough(created);
    void created.load();
    const online = () => created.online();
    const hidden = () => created.flush();
    const visibility = () => document.visibilityState === "hidden" && created.flush();
    window.addEventListener("online", online);
    window.addEventListener("pagehide", hidden);
    document.addEventListener("visibilitychange", visibility);
    // The worker keeps the page's scripts for a reload without network: registered once the later
    // screens' chunks are loaded too, so they are among the scripts it is told to keep.
    // After the first screen is up: on a slow phone, parsing them would hold it back.
    const later = () =>
      void Promise.all([loadScreens(), loadCameraProblem()])
        .catch(() => undefined)
        .finally(() => void registerRecorderWorker());
    if ("requestIdleCallback" in window) window.requestIdleCallback(later, { timeout: 3000 });
    else setTimeout(later, 1000);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("pagehide", hidden);
      document.removeEventListener("visibilitychange", visibility);
    };
  }, [firstPreview]);
  return walkthrough;
}

const idle = () => () => undefined;

function Recorder({ preview }: { preview: Session | undefined }) {
  const t = useTranslations("recorder.loading");
  const walkthrough = useWalkthrough(preview);
  const snapshot = useSyncExternalStore(
    walkthrough?.subscribe ?? idle,
    () => walkthrough?.getSnapshot(),
    () => undefined,
  );
  if (!walkthrough || !snapshot) {
    // Rendered by the server too: a new walkthrough's first screen shows before the scripts run.
    return (
      <RecorderFrame>
        <Header session={preview} />
        {preview ? <Ready session={preview} /> : <Loading label={t("walkthrough")} />}
      </RecorderFrame>
    );
  }
  return (
    <RecorderFrame>
      <Header session={snapshot.session} />
      {snapshot.screen === "ready" && snapshot.session ? (
        <Ready
          session={snapshot.session}
          onStart={() => void walkthrough.startRecording()}
          onFile={(file) => void walkthrough.uploadFile(file)}
        />
      ) : (
        <Suspense fallback={<Loading label={t("walkthrough")} />}>
          {snapshot.screen === "camera-problem" && snapshot.cameraProblem ? (
            <RecorderMain>
              <CameraProblemScreen
                problem={snapshot.cameraProblem}
                onRetry={() => void walkthrough.startRecording()}
                onFile={(file) => void walkthrough.uploadFile(file)}
              />
            </RecorderMain>
          ) : (
            <Screens walkthrough={walkthrough} snapshot={snapshot} />
          )}
        </Suspense>
      )}
    </RecorderFrame>
  );
}

/**
 * The cleaner's recording app at `/r/<token>`; `preview` is what the server read for a walkthrough
 * nothing was recorded for yet, shown while the open call is still on its way.
 */
export function RecorderApp({ preview }: { preview?: Session }) {
  return <Recorder preview={preview} />;
}
