"use client";

import { CameraOff, ExternalLink, Link as LinkIcon, MonitorX, VideoOff, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import type { CameraProblem } from "@/lib/recorder-app/camera";
import { primaryAction, secondaryAction, StatusCard } from "./Layout";
import { UploadFileButton } from "./UploadFileButton";

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
  const t = useTranslations("recorder.camera");
  const [copied, setCopied] = useState(false);
  const openIn = problem === "in-app" ? browserUrl() : undefined;
  return (
    <StatusCard
      title={t(`${problem}.title`)}
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
                    {t("openInBrowser")}
                  </a>
                </Button>
              )}
              <Button
                variant={openIn ? "secondary" : "primary"}
                className={openIn ? secondaryAction : primaryAction}
                onClick={() => void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true))}
              >
                <LinkIcon aria-hidden />
                {copied ? t("linkCopied") : t("copyLink")}
              </Button>
            </>
          ) : (
            problem !== "unsupported" && (
              <Button className={primaryAction} onClick={onRetry}>
                {t("tryAgain")}
              </Button>
            )
          )}
          <UploadFileButton onFile={onFile} primary={problem === "unsupported"} />
          <p className={copied ? "text-sm text-muted" : "sr-only"} role="status">
            {copied ? t("pasteLink") : ""}
          </p>
        </>
      }
    >
      <p>{t(`${problem}.body`)}</p>
    </StatusCard>
  );
}
