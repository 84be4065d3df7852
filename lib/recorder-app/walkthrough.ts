import { type CameraProblem, CameraError, CameraRun, openCamera } from "./camera";
import { FrameGrabber } from "./frame-grabber";
import { LocalStore, walkIdOf } from "./local-store";
import { plainWords, type RefusalWords } from "./plain-words";
import { type RecorderClient, Refused, Retryable, type Session, type SessionItem, recorderClient } from "./recorder-client";
import { TapSender } from "./tap-sender";
import { Uploader, type UploadProgress } from "./uploader";
import { keepScreenOn } from "./wake-lock";
import type { DarkSpan } from "./too-dark";

/*
 * The recording app's state and flows (browser only); the React screens render its snapshot and
 * call its methods. The rules it keeps: a segment is in IndexedDB before anything else happens to
 * it; uploads run while recording; Stop ends the run and lists what is not yet filmed, with two
 * ways on (Continue recording: a new run; Done: what is left is reported missed); then every part
 * uploads, the seal is awaited (the page must stay open), and the page returns to the partner's
 * app (spec, Recording links: redirect behaviour).
 */

export type Screen =
  | "loading"
  | "offline"
  | "gone"
  | "ready"
  | "starting-camera"
  | "camera-problem"
  | "recording"
  /** Not recording with something filmed: after Stop, an interruption, or a reload. */
  | "stopped"
  | "uploading"
  | "sealing"
  | "uploaded"
  | "received"
  | "sealed"
  | "failed"
  | "upload-error"
  | "choose-file-again";

export interface Snapshot {
  screen: Screen;
  session?: Session;
  checked: ReadonlySet<string>;
  /** Checked items the provider says the camera did not show: film again, or finish anyway. */
  flagged: ReadonlySet<string>;
  progress: UploadProgress;
  /** Whether the server answered the last call. */
  online: boolean;
  cameraProblem?: CameraProblem;
  /** When the current run started (epoch ms), for the timer. */
  runStartedAtMs?: number;
  returnUrl?: string;
  /** Why the upload stopped, as the key of its words in the catalogues. */
  error?: RefusalWords;
  /** Said while recording, without stopping it (the live checks are used up). */
  notice?: RefusalWords;
  /** The walkthrough is a video the cleaner chose, not one filmed here: the finished screen says so. */
  viaFile?: boolean;
  /** The recorder ended by itself and a new run took over: the cleaner is told nothing was lost. */
  restarted?: boolean;
}

/** The spec's redirect rules: 'Recording uploaded' shows 3 s; no redirect when not sealed within 5 minutes. */
export const uploadedScreenMs = 3000;
export const sealWaitMs = 5 * 60 * 1000;
const statePollMs = 2000;
/** A recorder ending again this soon after a restart is not restarted again. */
const restartAgainMs = 10_000;
const fileSliceBytes = 8 * 1024 * 1024;

export class Walkthrough {
  private snapshot: Snapshot = {
    screen: "loading",
    checked: new Set(),
    flagged: new Set(),
    progress: { storedBytes: 0, totalBytes: 0, pendingParts: 0, totalParts: 0 },
    online: true,
  };
  private readonly listeners = new Set<() => void>();
  private readonly client: RecorderClient;
  private store?: LocalStore;
  private uploader?: Uploader;
  private taps?: TapSender;
  private run?: CameraRun;
  private runNumber = 0;
  private runStartedAt = 0;
  private nextPart = 1;
  private nextSeq = 1;
  private releaseWakeLock?: () => void;
  private file?: File;
  private grabber?: FrameGrabber;
  /** Stills of checks waiting for their tap to reach the server, by seq (hints only: kept in memory). */
  private readonly stills = new Map<number, Blob>();
  /** Flagged items the cleaner chose to finish anyway. */
  private readonly accepted = new Set<string>();
  private livePoll?: ReturnType<typeof setInterval>;
  private lastRestartAt = -Infinity;
  private loading?: Promise<void>;

  /** `preview`: the first screen the page was rendered with (a walkthrough nothing was recorded for). */
  constructor(
    private readonly token: string,
    preview?: Session,
  ) {
    this.client = recorderClient(token);
    if (preview) this.snapshot = { ...this.snapshot, screen: "ready", session: preview };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(change: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Items of every section not checked off now, or flagged and not yet accepted, in checklist order. */
  unchecked(): SessionItem[] {
    const { checked, flagged } = this.snapshot;
    return (this.snapshot.session?.checklist ?? [])
      .flatMap((section) => section.items)
      .filter((item) => !checked.has(item.id) || flagged.has(item.id));
  }

  /**
   * Opens the walkthrough and resumes whatever the phone and the server hold. With a preview the
   * ready screen is up meanwhile, so a slow network's round trip is not waited for; Start and a
   * chosen file wait for the open to land.
   */
  load(): Promise<void> {
    this.loading = this.loadNow();
    return this.loading;
  }

  private async loadNow(): Promise<void> {
    const store = (this.store = await LocalStore.open(await walkIdOf(this.token)));
    const walk = await store.readWalk();
    let session: Session;
    try {
      session = await this.client.open();
      await store.updateWalk({ session });
    } catch (error) {
      if (error instanceof Refused) return this.set({ screen: error.status === 404 ? "gone" : "failed" });
      if (!walk.session) return this.set({ screen: "offline", online: false });
      session = walk.session as Session;
      this.set({ online: false });
    }
    this.set({ session });
    this.uploader = new Uploader(store, this.client, {
      onProgress: (progress) => this.set({ progress }),
      onRefused: (error) => this.refused(error),
      onConnection: (online) => this.set({ online }),
    });
    this.uploader.fileSlicer = (segment) =>
      this.file?.slice((segment.partNumber - 1) * fileSliceBytes, segment.partNumber * fileSliceBytes);
    this.taps = new TapSender(
      store,
      this.client,
      (error) => this.refused(error),
      (upTo) => void this.sendStills(upTo),
    );
    await this.uploader.load();
    await this.uploader.adopt(session.parts, "video/webm");
    const taps = await this.taps.load();
    this.restoreCounters(session, walk.runsStarted);
    this.set({ checked: checkedFrom(taps) });

    if (session.state === "sealed") return this.finished(session);
    if (session.state === "failed") return this.set({ screen: "failed" });
    if (session.state === "finishing") return void this.awaitSeal();
    if (walk.done) return void this.finish();
    const recorded = this.uploader.all.length > 0 || session.parts.length > 0;
    const fileAwaiting = this.uploader.all.some((segment) => segment.source === "file" && !segment.uploaded);
    const screen = fileAwaiting ? "choose-file-again" : recorded ? "stopped" : "ready";
    // Start was tapped on the preview: the camera is starting, the screen stays with it.
    if (!(screen === "ready" && this.snapshot.screen === "starting-camera")) this.set({ screen });
    this.uploader.kick();
    this.taps.kick();
  }

  /** Numbers continue after everything the phone and the server hold. */
  private restoreCounters(session: Session, runsStarted: number): void {
    const parts = [...session.parts.map((part) => part.part_number), ...this.uploader!.all.map((segment) => segment.partNumber)];
    const runs = [...session.parts.map((part) => part.run), ...this.uploader!.all.map((segment) => segment.run)];
    this.nextPart = Math.max(0, ...parts) + 1;
    this.runNumber = Math.max(runsStarted, Math.max(-1, ...runs) + 1);
    this.nextSeq = Math.max(session.events_seq, this.taps!.lastSeq) + 1;
  }

  private refused(error: Refused): void {
    if (error.code === "recording_closed") return void this.awaitSeal();
    // Nothing is filmed behind an error screen: the run stops, and what it recorded stays stored.
    void this.stopRun();
    this.set({ screen: "upload-error", error: plainWords(error, "upload"), runStartedAtMs: undefined });
  }

  /** Start recording, or Continue recording after a stop: a new run on a fresh camera. */
  async startRecording(): Promise<void> {
    this.set({ screen: "starting-camera", restarted: false });
    // Tapped on the preview: nothing is filmed before the walkthrough is open (the load may also
    // end elsewhere: offline, a link that no longer works).
    await this.loading?.catch(() => undefined);
    if (this.snapshot.screen !== "starting-camera") return;
    let stream: MediaStream;
    try {
      stream = await openCamera();
    } catch (error) {
      return this.set({ screen: "camera-problem", cameraProblem: error instanceof CameraError ? error.problem : "failed" });
    }
    await this.startRun(stream);
    this.releaseWakeLock = keepScreenOn();
    if (this.snapshot.session?.live_verdicts) {
      this.grabber = new FrameGrabber(stream);
      this.livePoll ??= setInterval(() => void this.pollLive(), 3000);
    }
    this.set({ screen: "recording" });
  }

  /** A new run (the next run number) recording the stream; what earlier runs recorded stays as it is. */
  private async startRun(stream: MediaStream, { continuing = false } = {}): Promise<void> {
    const run = this.runNumber++;
    await this.store!.updateWalk({ runsStarted: this.runNumber });
    let deviceStartedAt: string | undefined;
    this.run = new CameraRun(stream, {
      onStart: (at) => {
        // The phone's own clock, for the recording record's claimed start (never trusted by the server).
        deviceStartedAt = new Date().toISOString();
        // Taps count from this run's start; the timer the cleaner sees goes on across a restart.
        this.runStartedAt = at;
        if (!continuing) this.set({ runStartedAtMs: Date.now() });
        // The preview counts its dark seconds from the timer's start, which a restart keeps.
        this.runShiftSeconds.set(run, (Date.now() - (this.snapshot.runStartedAtMs ?? Date.now())) / 1000);
      },
      onSegment: async (blob, mimeType) => {
        const segment = {
          partNumber: this.nextPart++,
          run,
          size: blob.size,
          mimeType,
          source: "camera" as const,
          blob,
          uploaded: false,
          deviceStartedAt,
        };
        await this.store!.putSegment(segment);
        this.uploader!.add({ ...segment, walk: this.store!.walk });
      },
      onInterrupted: () => void this.interrupted(),
      onRecorderEnded: () => void this.recorderEnded(),
    });
    this.run.start();
  }

  /**
   * The recorder died while the camera still films (iOS Safari after about ten minutes): its
   * segments are stored, and a new run goes on with the same camera, so filming never stops.
   */
  private async recorderEnded(): Promise<void> {
    const ended = this.run;
    if (!ended || this.snapshot.screen !== "recording") return;
    // A recorder that keeps dying at once would restart forever: then stop, and Continue recording
    // opens the camera afresh.
    const now = performance.now();
    if (now - this.lastRestartAt < restartAgainMs) return this.interrupted();
    this.lastRestartAt = now;
    await this.startRun(ended.stream, { continuing: true });
    // Stopped meanwhile: the new run ends with the rest.
    if (this.snapshot.screen !== "recording") return void this.stopRun();
    this.set({ restarted: true });
  }

  get stream(): MediaStream | undefined {
    return this.run?.stream;
  }

  /** The page is being hidden: keep what was filmed so far. */
  flush(): void {
    this.run?.flush();
  }

  private async stopRun(): Promise<void> {
    const run = this.run;
    this.run = undefined;
    this.releaseWakeLock?.();
    this.grabber?.stop();
    this.grabber = undefined;
    if (!run) return;
    await run.stop();
    run.release();
  }

  /** The camera stopped by itself (screen locked, another app took it): offer to continue. */
  private async interrupted(): Promise<void> {
    if (this.snapshot.screen !== "recording") return;
    await this.stopRun();
    this.set({ screen: "stopped", runStartedAtMs: undefined, restarted: false });
  }

  /** Stop: the run ends with its last segment stored; what is left to film is listed next. */
  async stop(): Promise<void> {
    if (this.snapshot.screen !== "recording") return;
    await this.stopRun();
    this.set({ screen: "stopped", runStartedAtMs: undefined, restarted: false });
  }

  /** The run being recorded now (for the preview's too-dark spans). */
  get currentRun(): number {
    return this.runNumber - 1;
  }

  /**
   * The preview's too-dark stretches of a run (kept as the run's preview closes), stored with the
   * walk in IndexedDB first, then sent, so the server's review sees where the phone found the
   * picture too dark. A resend is harmless (a span is known by its run and start); what fails to
   * go is sent again with the next run's spans and before Done.
   */
  keepDarkSpans(spans: DarkSpan[]): Promise<void> {
    if (spans.length === 0 || !this.store) return this.darkSpansWork;
    const store = this.store;
    // In seconds of the span's own run, as its taps count them.
    const ofRun = (seconds: number, run: number) =>
      Math.max(0, Math.round((seconds - (this.runShiftSeconds.get(run) ?? 0)) * 10) / 10);
    const own = spans.map((span) => ({ run: span.run, from: ofRun(span.from, span.run), to: ofRun(span.to, span.run) }));
    return this.queueDarkSpans(async () => {
      const walk = await store.readWalk();
      await store.updateWalk({ darkSpans: [...(walk.darkSpans ?? []), ...own] });
      await this.sendDarkSpansNow();
    });
  }

  /** Per run, how far its start is past the timer's (a run the recorder restarted goes on the same timer). */
  private readonly runShiftSeconds = new Map<number, number>();

  /** Dark-span writes and sends one at a time: each reads and rewrites the walk's record. */
  private darkSpansWork: Promise<void> = Promise.resolve();

  private queueDarkSpans(work: () => Promise<void>): Promise<void> {
    this.darkSpansWork = this.darkSpansWork.then(work).catch(() => undefined);
    return this.darkSpansWork;
  }

  private async sendDarkSpansNow(): Promise<void> {
    // Not sent (no signal, or refused): kept on the phone; they are a help to the review, never a reason to stop.
    for (;;) {
      const walk = await this.store!.readWalk();
      const sent = walk.darkSpansSent ?? 0;
      const unsent = (walk.darkSpans ?? []).slice(sent, sent + 500);
      if (unsent.length === 0) return;
      await this.client.darkSpans(unsent.map((span) => ({ run: span.run, from: span.from, to: span.to })));
      await this.store!.updateWalk({ darkSpansSent: sent + unsent.length });
    }
  }

  /** A checklist item tapped while the camera shows it: its id and the second of this run's video. */
  async toggle(itemId: string): Promise<void> {
    if (this.snapshot.screen !== "recording") return;
    const checked = new Set(this.snapshot.checked);
    const action = checked.has(itemId) ? "uncheck" : "check";
    if (action === "check") checked.add(itemId);
    else checked.delete(itemId);
    this.set({ checked });
    const runSeconds = Math.max(0, Math.round((performance.now() - this.runStartedAt) / 10) / 100);
    const seq = this.nextSeq++;
    const still = action === "check" ? this.grabber?.grab() : undefined;
    if (action === "uncheck" || this.snapshot.flagged.has(itemId)) this.unflag(itemId);
    await this.taps!.add({ seq, itemId, action, run: this.runNumber - 1, runSeconds });
    const jpeg = await still;
    if (jpeg) {
      this.stills.set(seq, jpeg);
      if (this.taps!.all.find((tap) => tap.seq === seq)?.sent) void this.sendStills(seq);
    }
  }

  /**
   * Sends the stills of checks the server now holds; a hint that fails is dropped. Once the
   * walkthrough's live checks are used up the cleaner is told so, and no more stills are sent.
   */
  private async sendStills(upTo: number): Promise<void> {
    for (const [seq, jpeg] of [...this.stills]) {
      if (seq > upTo) continue;
      this.stills.delete(seq);
      if (this.snapshot.notice) continue;
      await this.client.putTapStill(seq, jpeg).catch((error: unknown) => {
        if (error instanceof Refused && error.code === "live_check_limit") this.set({ notice: plainWords(error, "upload") });
      });
    }
  }

  /** The provider's hints: a check it says the camera did not show is flagged, unless filmed again since. */
  private async pollLive(): Promise<void> {
    if (this.snapshot.screen !== "recording" && this.snapshot.screen !== "stopped") return;
    const live = await this.client.live().catch(() => undefined);
    if (!live) return;
    const latestCheck = new Map<string, number>();
    for (const tap of this.taps!.all) if (tap.action === "check") latestCheck.set(tap.itemId, tap.seq);
    const flagged = new Set(
      live
        .filter(
          (verdict) =>
            verdict.state === "missed" &&
            latestCheck.get(verdict.item_id) === verdict.seq &&
            this.snapshot.checked.has(verdict.item_id),
        )
        .filter((verdict) => !this.accepted.has(verdict.item_id))
        .map((verdict) => verdict.item_id),
    );
    this.set({ flagged });
  }

  private unflag(itemId: string): void {
    if (!this.snapshot.flagged.has(itemId)) return;
    const flagged = new Set(this.snapshot.flagged);
    flagged.delete(itemId);
    this.set({ flagged });
  }

  /** "Re-film": the check is undone, so the cleaner films the item and checks it again. */
  async refilm(itemId: string): Promise<void> {
    if (this.snapshot.checked.has(itemId)) await this.toggle(itemId);
    this.unflag(itemId);
  }

  /** "Finish anyway" on a flagged item: it stays as it is and ends missed, with the picture of its check. */
  acceptFlag(itemId: string): void {
    this.accepted.add(itemId);
    this.unflag(itemId);
  }

  /** Done, after Stop: what is still not filmed (or flagged) is finished anyway, so reported missed. */
  async done(): Promise<void> {
    await this.store!.updateWalk({ finishAnyway: [...new Set([...this.unchecked().map((item) => item.id), ...this.accepted])] });
    await this.finish();
  }

  /** Recording is over: every part uploads, then Done goes to the server and the seal is awaited. */
  async finish(): Promise<void> {
    clearInterval(this.livePoll);
    this.livePoll = undefined;
    if (this.accepted.size > 0) {
      const walk = await this.store!.readWalk();
      await this.store!.updateWalk({ finishAnyway: [...new Set([...walk.finishAnyway, ...this.accepted])] });
    }
    await this.stopRun();
    const walk = await this.store!.updateWalk({ done: true });
    this.set({ screen: "uploading", error: undefined });
    for (;;) {
      await Promise.all([this.uploader!.drained(), this.taps!.drained()]);
      if (this.snapshot.screen !== "uploading") return; // a refusal or a file to choose took over
      if (this.uploader!.progress.pendingParts > 0) return this.set({ screen: "choose-file-again" });
      try {
        const parts = this.uploader!.all.map((segment) => ({ part_number: segment.partNumber, sha256: segment.sha256! }));
        // The last run's too-dark spans (and any that failed to go) before Done closes the walkthrough.
        await this.queueDarkSpans(() => this.sendDarkSpansNow());
        await this.client.finish({ parts, finish_anyway: walk.finishAnyway, events_seq: this.taps!.lastSeq });
        return void this.awaitSeal();
      } catch (error) {
        if (error instanceof Refused && error.code === "recording_incomplete") {
          this.uploader!.resend((error.detail?.missing_parts as number[] | undefined) ?? []);
          continue;
        }
        if (error instanceof Refused && error.code === "recording_closed") return void this.awaitSeal();
        if (error instanceof Refused) return this.set({ screen: "upload-error", error: plainWords(error, "upload") });
        this.set({ online: false });
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    }
  }

  /** Polls until sealed; not sealed within 5 minutes ends on the default last screen, no redirect. */
  private async awaitSeal(): Promise<void> {
    this.set({ screen: "sealing" });
    const giveUpAt = Date.now() + sealWaitMs;
    while (Date.now() < giveUpAt) {
      try {
        const answer = await this.client.state();
        this.set({ online: true });
        if (answer.state === "sealed") return this.uploaded(answer.return_url);
        if (answer.state === "failed") return this.set({ screen: "failed" });
      } catch (error) {
        if (error instanceof Refused) return this.set({ screen: "failed" });
        this.set({ online: !(error instanceof Retryable) });
      }
      await new Promise((resolve) => setTimeout(resolve, statePollMs));
    }
    this.set({ screen: "received" });
  }

  private async uploaded(returnUrl: string | undefined): Promise<void> {
    const viaFile = this.uploader!.all.some((segment) => segment.source === "file");
    await this.store!.forget();
    this.set({ screen: "uploaded", returnUrl, viaFile });
    if (returnUrl) setTimeout(() => window.location.assign(returnUrl), uploadedScreenMs);
  }

  private async finished(session: Session): Promise<void> {
    await this.store!.forget();
    this.set({ screen: "sealed", session });
  }

  /** "Upload a video instead": the chosen file becomes the walkthrough, sent in 8 MiB parts. */
  async uploadFile(file: File): Promise<void> {
    // Chosen on the preview: the walkthrough must be open and resumed first.
    await this.loading?.catch(() => undefined);
    if (!this.uploader) return;
    this.file = file;
    const known = this.uploader!.all.filter((segment) => segment.source === "file");
    if (known.length === 0) {
      const mimeType = /^video\/(mp4|webm|quicktime)$/.test(file.type) ? file.type : "video/mp4";
      // The file's own last-modified time, for the recording record (a claim: the phone's or its sender's clock).
      const fileLastModified = file.lastModified > 0 ? new Date(file.lastModified).toISOString() : undefined;
      for (let at = 0, partNumber = 1; at < file.size; at += fileSliceBytes, partNumber++) {
        const segment = {
          partNumber,
          run: 0,
          size: Math.min(fileSliceBytes, file.size - at),
          mimeType,
          source: "file" as const,
          uploaded: false,
          fileLastModified,
        };
        await this.store!.putSegment(segment);
        this.uploader!.add({ ...segment, walk: this.store!.walk });
      }
    }
    await this.finish();
  }

  async explain(itemId: string, reason: string): Promise<void> {
    const session = await this.client.explain(itemId, reason);
    this.set({ session });
  }

  /** The browser says it is back online: send now. */
  online(): void {
    this.uploader?.kick();
    this.taps?.kick();
  }

  /** "Try again" on the error screen: back to finishing if Done was tapped, else back to the recorder. */
  async retry(): Promise<void> {
    const walk = await this.store!.readWalk();
    this.set({ error: undefined });
    if (walk.done) return this.finish();
    this.set({ screen: "stopped" });
    this.uploader!.kick();
    this.taps!.kick();
  }
}

function checkedFrom(taps: readonly { seq: number; itemId: string; action: "check" | "uncheck" }[]): Set<string> {
  const checked = new Set<string>();
  for (const tap of [...taps].sort((a, b) => a.seq - b.seq)) {
    if (tap.action === "check") checked.add(tap.itemId);
    else checked.delete(tap.itemId);
  }
  return checked;
}
