/*
 * Keeps the screen on while recording (browser only): a locked screen stops the camera on iOS.
 * The lock is dropped by the browser whenever the page is hidden, so it is asked for again each
 * time the page becomes visible. Where the API is missing (iOS home-screen apps before 18.4) the
 * recording still works; the cleaner just has to keep the screen awake.
 */

interface WakeLockSentinelLike {
  release(): Promise<void>;
}

type NavigatorWithWakeLock = Navigator & { wakeLock?: { request(type: "screen"): Promise<WakeLockSentinelLike> } };

/** Holds a screen wake lock until the returned function is called. */
export function keepScreenOn(): () => void {
  const wakeLock = (navigator as NavigatorWithWakeLock).wakeLock;
  if (!wakeLock) return () => undefined;
  let sentinel: WakeLockSentinelLike | undefined;
  let released = false;
  const acquire = () => {
    if (released || document.visibilityState !== "visible") return;
    wakeLock.request("screen").then(
      (lock) => (released ? void lock.release() : (sentinel = lock)),
      () => undefined,
    );
  };
  const onVisibility = () => acquire();
  document.addEventListener("visibilitychange", onVisibility);
  acquire();
  return () => {
    released = true;
    document.removeEventListener("visibilitychange", onVisibility);
    void sentinel?.release().catch(() => undefined);
  };
}
