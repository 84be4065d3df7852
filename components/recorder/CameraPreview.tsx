"use client";

import { useEffect, useRef, useState } from "react";
import styles from "./recorder.module.css";

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
  const elapsed = useElapsed(since);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <div className={styles.videoWrap}>
      <video ref={video} className={styles.video} muted playsInline autoPlay aria-label="Camera" />
      <span className={styles.rec} role="timer" aria-label={`Recording, ${elapsed}`}>
        <span className={styles.dot} aria-hidden="true" />
        REC {elapsed}
      </span>
    </div>
  );
}
