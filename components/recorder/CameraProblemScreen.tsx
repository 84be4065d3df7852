"use client";

import { CameraOff, ExternalLink, Link as LinkIcon, MonitorX, VideoOff, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import type { CameraProblem } from "@/lib/recorder-app/camera";
import { primaryAction, secondaryAction, StatusCard } from "./Layout";
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

const icons: Record<CameraProblem, LucideIcon> = {
  denied: CameraOff,
  "no-camera": VideoOff,
  "in-app": ExternalLink,
  unsupported: MonitorX,
  failed: CameraOff,
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
    <StatusCard
      title={title}
      icon={icons[problem]}
      tone="warning"
      titleId="problem-title"
      actions={
        <>
          {problem === "in-app" ? (
            <>
              {openIn && (
                <Button asChild className={primaryAction}>
                  <a href={openIn}>
                    <ExternalLink aria-hidden />
                    Open in browser
                  </a>
                </Button>
              )}
              <Button
                variant={openIn ? "secondary" : "primary"}
                className={openIn ? secondaryAction : primaryAction}
                onClick={() => void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true))}
              >
                <LinkIcon aria-hidden />
                {copied ? "Link copied" : "Copy link"}
              </Button>
            </>
          ) : (
            problem !== "unsupported" && (
              <Button className={primaryAction} onClick={onRetry}>
                Try again
              </Button>
            )
          )}
          <UploadFileButton onFile={onFile} primary={problem === "unsupported"} />
          <p className={copied ? "text-sm text-muted" : "sr-only"} role="status">
            {copied ? "Paste the link into Safari or Chrome." : ""}
          </p>
        </>
      }
    >
      <p>{body}</p>
    </StatusCard>
  );
}
