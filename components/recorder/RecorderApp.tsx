"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { registerRecorderWorker } from "@/lib/recorder-app/service-worker";
import { Walkthrough } from "@/lib/recorder-app/walkthrough";
import { CameraProblemScreen } from "./CameraProblemScreen";
import { Header } from "./Header";
import { RecorderFrame, RecorderMain } from "./Layout";
import { Loading, Screens } from "./Screens";

/** The link's token, from the page's own address (`/r/<token>`): the page is the same for every link. */
function tokenFromLocation(): string {
  return decodeURIComponent(window.location.pathname.split("/")[2] ?? "");
}

function useWalkthrough(): Walkthrough | undefined {
  const [walkthrough, setWalkthrough] = useState<Walkthrough>();
  useEffect(() => {
    const created = new Walkthrough(tokenFromLocation());
    setWalkthrough(created);
    void created.load();
    const online = () => created.online();
    const hidden = () => created.flush();
    const visibility = () => document.visibilityState === "hidden" && created.flush();
    window.addEventListener("online", online);
    window.addEventListener("pagehide", hidden);
    document.addEventListener("visibilitychange", visibility);
    registerRecorderWorker();
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("pagehide", hidden);
      document.removeEventListener("visibilitychange", visibility);
    };
  }, []);
  return walkthrough;
}

const idle = () => () => undefined;

function Recorder() {
  const t = useTranslations("recorder.loading");
  const walkthrough = useWalkthrough();
  const snapshot = useSyncExternalStore(
    walkthrough?.subscribe ?? idle,
    () => walkthrough?.getSnapshot(),
    () => undefined,
  );
  if (!walkthrough || !snapshot) {
    return (
      <RecorderFrame>
        <Header />
        <Loading label={t("walkthrough")} />
      </RecorderFrame>
    );
  }
  return (
    <RecorderFrame>
      <Header session={snapshot.session} />
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
    </RecorderFrame>
  );
}

/** The cleaner's recording app at `/r/<token>`. */
export function RecorderApp() {
  return <Recorder />;
}
