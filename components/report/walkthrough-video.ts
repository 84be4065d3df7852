/** The one walkthrough video of a report page: its seek buttons and timeline markers find it by this id. */
export const walkthroughVideoId = "walkthrough-video";

/**
 * Plays the walkthrough from a second: brings the video into view (it sits below the findings on
 * a phone, beside them on a desktop) and focuses it, so a keyboard user lands on what now plays.
 */
export function seekWalkthroughVideo(seconds: number): void {
  const video = document.getElementById(walkthroughVideoId) as HTMLVideoElement | null;
  if (!video) return;
  video.currentTime = seconds;
  const rect = video.getBoundingClientRect();
  if (rect.top < 0 || rect.bottom > window.innerHeight) video.scrollIntoView({ behavior: "smooth", block: "center" });
  void video.play().catch(() => undefined);
  video.focus({ preventScroll: true });
}
