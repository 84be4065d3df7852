"use client";

import { Flashlight, FlashlightOff, MoonStar } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { meanLuma } from "@/lib/analysis/frame-brightness";
import { type DarkSpan, DarkWatch } from "@/lib/recorder-app/too-dark";
import { setTorch, torchTrack } from "@/lib/recorder-app/torch";

function useElapsed(sinceMs: number | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = sinceMs === undefined ? 0 : Math.max(0, Math.floor((now - sinceMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Samples a second: enough to warn within a second or two, cheap on a low-end phone. */
const samplesPerSecond = 3;

/**
 * Whether the preview is too dark, measured while it shows: the video drawn into a 32x18 canvas,
 * its mean grey level compared with the server's own threshold (lib/analysis/frame-brightness.ts).
 * Stops with the preview (the screen leaves Recording).
 */
function useTooDark(
  video: RefObject<HTMLVideoElement | null>,
  since: number | undefined,
  run: number,
  onDarkSpans: ((spans: DarkSpan[]) => void) | undefined,
): boolean {
  const [tooDark, setTooDark] = useState(false);
  const keep = useRef(onDarkSpans);
  useEffect(() => {
    keep.current = onDarkSpans;
  }, [onDarkSpans]);
  useEffect(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 32;
    canvas.height = 18;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return;
    // The spans are kept with the walk on the phone, then sent to the server (Walkthrough.keepDarkSpans).
    const watch = new DarkWatch(run, since ?? Date.now());
    const timer = setInterval(() => {
      const element = video.current;
      if (!element || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      const brightness = meanLuma(context.getImageData(0, 0, canvas.width, canvas.height).data);
      setTooDark(watch.sample(brightness, Date.now()));
    }, 1000 / samplesPerSecond);
    return () => {
      clearInterval(timer);
      keep.current?.(watch.finish());
    };
  }, [video, since, run]);
  return tooDark;
}

/** The torch switch, only where the camera has one. */
function TorchButton({ stream }: { stream?: MediaStream }) {
  const t = useTranslations("recorder.light");
  const [track, setTrack] = useState<MediaStreamTrack>();
  const [on, setOn] = useState(false);
  useEffect(() => {
    setTrack(torchTrack(stream));
    setOn(false);
  }, [stream]);
  if (!track) return null;
  const Icon = on ? Flashlight : FlashlightOff;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t("torch")}
      className={cn(
        "absolute top-2 right-2 grid size-14 place-items-center rounded-full",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
        on ? "bg-white text-ink" : "bg-black/65 text-white",
      )}
      onClick={() => void setTorch(track, !on).then(setOn)}
    >
      <Icon aria-hidden className="size-7" />
    </button>
  );
}

/** The live camera with the recording time, the torch where there is one, and a too-dark warning. */
export function CameraPreview({
  stream,
  since,
  run = 0,
  onDarkSpans,
  className,
}: {
  stream?: MediaStream;
  since?: number;
  run?: number;
  onDarkSpans?: (spans: DarkSpan[]) => void;
  /** The screen's say over the box's height (the recording screen lets it fill what is left); the video fills the box. */
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const t = useTranslations("recorder");
  const elapsed = useElapsed(since);
  const tooDark = useTooDark(video, since, run, onDarkSpans);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    // On a phone the camera is held upright: a tall box over half the screen, the picture cropped to
    // fill it, so the cleaner sees what is filmed; the checklist follows under it. On a desktop, 16:9.
    <div
      data-testid="camera-preview"
      className={cn(
        "relative h-[56dvh] overflow-hidden rounded-lg bg-black shadow-card lg:sticky lg:top-4 lg:aspect-video lg:h-auto",
        className,
      )}
    >
      <video
        ref={video}
        className="absolute inset-0 block size-full object-cover"
        muted
        playsInline
        autoPlay
        aria-label={t("recording.camera")}
      />
      <span
        className="absolute top-3 left-3 inline-flex items-center gap-2 rounded-full bg-black/65 px-3 py-1 text-sm font-semibold text-white tabular-nums"
        role="timer"
        aria-label={t("recording.timer", { elapsed })}
      >
        <span className="size-2.5 rounded-full bg-record ring-2 ring-white/80" aria-hidden="true" />
        {t("recording.rec", { elapsed })}
      </span>
      <TorchButton stream={stream} />
      {/* Always in the page so a screen reader hears it when it fills; steady, never blinking. */}
      <div role="status" className="absolute inset-x-3 bottom-3">
        {tooDark && (
          <p className="flex items-center gap-3 rounded-md bg-black/80 px-4 py-3 text-base font-semibold text-white">
            <MoonStar aria-hidden className="size-6 shrink-0" />
            {t("light.tooDark")}
          </p>
        )}
      </div>
    </div>
  );
}
