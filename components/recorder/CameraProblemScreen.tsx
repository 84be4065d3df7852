"use client";

import { useState } from "react";
import type { CameraProblem } from "@/lib/recorder-app/camera";
import styles from "./recorder.module.css";
import { UploadFileButton } from "./UploadFileButton";

const texts: Record<CameraProblem, { title: string; body: string }> = {
  denied: {
    title: "Camera access is blocked",
    body: "Allow this page to use the camera: tap the lock or camera icon next to the address, choose Allow for the camera, then try again.",
  },
  "no-camera": {
    title: "No camera found",
    body: "This device has no camera the browser can use. Open this link on your phone, or upload a video you filmed.",
  },
  "in-app": {
    title: "Open this link in your browser",
    body: "The app you opened this link in cannot use the camera. Open it in Safari or Chrome to record.",
  },
  unsupported: {
    title: "This browser cannot record video",
    body: "Open this link in an up-to-date Safari or Chrome, or upload a video you filmed with the camera app.",
  },
  failed: {
    title: "The camera could not start",
    body: "Close other apps that may be using the camera, then try again.",
  },
};

/** Android opens an intent: URL in Chrome; iOS has no way in, so the link is copied instead. */
function browserUrl(): string | undefined {
  if (!/Android/i.test(navigator.userAgent)) return undefined;
  const { host, pathname, search } = window.location;
  return `intent://${host}${pathname}${search}#Intent;scheme=https;package=com.android.chrome;end`;
}

export function CameraProblemScreen({
  problem,
  onRetry,
  onFile,
}: {
  problem: CameraProblem;
  onRetry: () => void;
  onFile: (file: File) => void;
}) {
  const [copied, setCopied] = useState(false);
  const { title, body } = texts[problem];
  const openIn = problem === "in-app" ? browserUrl() : undefined;
  return (
    <section className={styles.card} aria-labelledby="problem-title">
      <h2 id="problem-title">{title}</h2>
      <p>{body}</p>
      <div className={styles.actions}>
        {problem === "in-app" ? (
          <>
            {openIn && (
              <a className={styles.button} href={openIn}>
                Open in browser
              </a>
            )}
            <button
              type="button"
              className={openIn ? styles.secondary : styles.button}
              onClick={() => void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true))}
            >
              {copied ? "Link copied" : "Copy link"}
            </button>
          </>
        ) : (
          problem !== "unsupported" && (
            <button type="button" className={styles.button} onClick={onRetry}>
              Try again
            </button>
          )
        )}
        <UploadFileButton onFile={onFile} />
      </div>
      <p className={styles.muted} role="status">
        {copied ? "Paste the link into Safari or Chrome." : ""}
      </p>
    </section>
  );
}
