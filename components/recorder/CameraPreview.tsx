"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";

function useElapsed(sinceMs: number | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = sinceMs === undefined ? 0 : Math.max(0, Math.floor((now - sinceMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The live camera with the recording time. */
export function CameraPreview({ stream, since }: { stream?: MediaStream; since?: number }) {
  const video = useRef<HTMLVideoElement>(null);
  const t = useTranslations("recorder.recording");
  const elapsed = useElapsed(since);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    // On a phone the camera is held upright: a tall box over half the screen, the picture cropped to
    // fill it, so the cleaner sees what is filmed; the checklist follows under it. On a desktop, 16:9.
    <div
      data-testid="camera-preview"
      className="relative h-[56dvh] overflow-hidden rounded-lg bg-black shadow-card lg:sticky lg:top-4 lg:aspect-video lg:h-auto"
    >
      <video ref={video} className="block size-full object-cover" muted playsInline autoPlay aria-label={t("camera")} />
      <span
        className="absolute top-3 left-3 inline-flex items-center gap-2 rounded-full bg-black/65 px-3 py-1 text-sm font-semibold text-white tabular-nums"
        role="timer"
        aria-label={t("timer", { elapsed })}
      >
        <span className="size-2.5 rounded-full bg-record ring-2 ring-white/80" aria-hidden="true" />
        {t("rec", { elapsed })}
      </span>
    </div>
  );
}
