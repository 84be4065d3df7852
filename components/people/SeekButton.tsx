"use client";

import styles from "@/components/shell/shell.module.css";
import { formatSeconds, walkthroughVideoId } from "./video-time";

/** Plays the walkthrough from the second a finding or checklist item was seen. */
export function SeekButton({ seconds, subject }: { seconds: number; subject: string }) {
  function seek() {
    const video = document.getElementById(walkthroughVideoId) as HTMLVideoElement | null;
    if (!video) return;
    video.currentTime = seconds;
    video.scrollIntoView({ behavior: "smooth", block: "center" });
    void video.play().catch(() => undefined);
    video.focus({ preventScroll: true });
  }
  return (
    <button
      type="button"
      className={styles.seek}
      onClick={seek}
      aria-label={`Play the video at ${formatSeconds(seconds)}: ${subject}`}
    >
      ▶ Play at {formatSeconds(seconds)}
    </button>
  );
}
