/*
 * The phone's camera and MediaRecorder (browser only). Rear camera at about 720p, recorded in
 * segments of a few seconds in the best type the browser has: MP4/H.264 first (iOS Safari), WebM
 * otherwise. The recorder's real `mimeType` is kept: Chromium asked for MP4 may give VP9 in MP4,
 * and the server transcodes whatever is not H.264.
 */

export type CameraProblem = "denied" | "no-camera" | "in-app" | "unsupported" | "failed";

export class CameraError extends Error {
  constructor(
    readonly problem: CameraProblem,
    message: string,
  ) {
    super(message);
    this.name = "CameraError";
  }
}

/*
 * H.264/AAC in MP4 first (iOS Safari, Chrome with its H.264 encoder); then WebM, which Chromium
 * records in real segments at every timeslice; plain `video/mp4` last, for Safaris that name no
 * codecs. Not `video/mp4;codecs=avc1` alone: a Chromium without H.264 says yes to it, records VP9,
 * and hands over nothing until it stops (tried on Debian's Chromium 156), so a crash would lose
 * the whole run and nothing would upload while recording.
 */
const preferredTypes = [
  'video/mp4;codecs="avc1.42E01E,mp4a.40.2"',
  "video/mp4;codecs=avc1,mp4a.40.2",
  "video/webm;codecs=vp9,opus",
  "video/webm;codecs=vp8,opus",
  "video/webm",
  "video/mp4",
];

/** Segments of 3 s: small enough to lose little to a bad connection, large enough for Safari (at least 1 s). */
export const segmentMs = 3000;
const videoBitsPerSecond = 2_000_000;

/** Facebook, Instagram, Messenger, LINE and some other apps' built-in browsers never ask for the camera. */
export function isInAppBrowser(userAgent: string): boolean {
  return /FBAN|FBAV|FB_IAB|Instagram|Messenger|Line\/|MicroMessenger|Snapchat|TikTok|musical_ly|; wv\)/i.test(userAgent);
}

export function recordingSupported(): boolean {
  return typeof MediaRecorder !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

export function preferredMimeType(): string | undefined {
  return preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Why the camera could not be opened, from what getUserMedia threw. */
function problemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string }).name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "no-camera";
  return "failed";
}

const videoConstraints: MediaTrackConstraints = {
  facingMode: { ideal: "environment" },
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 24, max: 30 },
};

/** The rear camera (and the microphone when there is one). Throws CameraError with what went wrong. */
export async function openCamera(): Promise<MediaStream> {
  if (isInAppBrowser(navigator.userAgent)) throw new CameraError("in-app", "This app's browser cannot open the camera.");
  if (!recordingSupported()) throw new CameraError("unsupported", "This browser cannot record video.");
  try {
    return await navigator.mediaDevices.getUserMedia({ video: videoConstraints, audio: true });
  } catch (error) {
    // A phone without a usable microphone can still film.
    if ((error as { name?: string }).name === "NotFoundError") {
      try {
        return await navigator.mediaDevices.getUserMedia({ video: videoConstraints, audio: false });
      } catch (videoError) {
        throw new CameraError(problemOf(videoError), String(videoError));
      }
    }
    throw new CameraError(problemOf(error), String(error));
  }
}

export interface RunHandlers {
  /** Every non-empty segment, in order, as soon as the recorder hands it over. */
  onSegment(blob: Blob, mimeType: string): Promise<void>;
  /** The recorder started: the run's second 0, on the performance clock. */
  onStart(startedAt: number): void;
  /** The camera went away (screen locked, track ended): the run has stopped by itself. */
  onInterrupted(): void;
  /**
   * The recorder stopped by itself or failed while the camera is still there (iOS Safari's
   * MediaRecorder can die after about ten minutes); called once its last segment is stored.
   */
  onRecorderEnded(): void;
}

/**
 * One run: a MediaRecorder session on the stream, from start to stop. Its segments joined in
 * order are one playable file; every "Continue recording" is a new run.
 */
export class CameraRun {
  private readonly recorder: MediaRecorder;
  private writes: Promise<void> = Promise.resolve();
  private stopped?: Promise<void>;

  constructor(
    readonly stream: MediaStream,
    private readonly handlers: RunHandlers,
  ) {
    const mimeType = preferredMimeType();
    this.recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond });
    this.recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      const type = this.recorder.mimeType || event.data.type || "video/webm";
      // Chained, so segments are handed over in order even when one write is slow.
      this.writes = this.writes.then(() => this.handlers.onSegment(event.data, type));
    };
    this.recorder.onstart = () => this.handlers.onStart(performance.now());
    // A stop nobody asked for: the recorder ended by itself. An error stops it too (or should:
    // it is stopped here when the browser left it running), and its stop event follows.
    this.recorder.addEventListener("stop", () => {
      if (!this.stopped && this.cameraLive) void this.writes.then(() => this.handlers.onRecorderEnded());
    });
    this.recorder.onerror = () => {
      if (this.recorder.state !== "inactive") this.recorder.stop();
    };
    for (const track of stream.getVideoTracks()) track.onended = () => this.handlers.onInterrupted();
  }

  /** Whether the camera still gives pictures, so a new run can go on with it. */
  get cameraLive(): boolean {
    return this.stream.getVideoTracks().some((track) => track.readyState === "live");
  }

  start(): void {
    this.recorder.start(segmentMs);
  }

  get recording(): boolean {
    return this.recorder.state === "recording";
  }

  /** Asks for what is buffered now (the page is being hidden: keep what was filmed). */
  flush(): void {
    if (this.recorder.state === "recording") this.recorder.requestData();
  }

  /** Stops the run; resolves once its last segment is stored. */
  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      if (this.recorder.state === "inactive") return resolve();
      this.recorder.addEventListener("stop", () => resolve(), { once: true });
      this.recorder.stop();
    }).then(() => this.writes);
    return this.stopped;
  }

  release(): void {
    for (const track of this.stream.getTracks()) track.stop();
  }
}
