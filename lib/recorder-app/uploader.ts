import type { LocalStore, SegmentRecord } from "./local-store";
import { type RecorderClient, Refused, Retryable, sha256Hex } from "./recorder-client";

/*
 * Sends what the phone holds to the server, in order, until the server holds it all (browser
 * only). Parts and taps are idempotent on the server, so a part cut off mid-way, or answered but
 * never heard, is simply sent again. Network trouble waits and retries with backoff, sooner when
 * the browser says it is back online; a refusal stops the pump and is reported.
 */

const backoffMs = [1000, 2000, 4000, 8000, 15_000, 30_000];

export interface UploadProgress {
  /** Bytes the server holds. */
  storedBytes: number;
  /** Bytes recorded (or chosen) so far. */
  totalBytes: number;
  /** Parts not yet on the server. */
  pendingParts: number;
  /** Parts recorded (or chosen) so far. */
  totalParts: number;
}

export interface UploaderEvents {
  onProgress(progress: UploadProgress): void;
  /** The server refused something the phone cannot fix by retrying. */
  onRefused(error: Refused): void;
  /** Whether the last attempt reached the server. */
  onConnection(reachable: boolean): void;
}

/** Where a file part's bytes come from when they are not kept in IndexedDB (the chosen file). */
export type FileSlicer = (segment: SegmentRecord) => Blob | undefined;

export class Uploader {
  private segments: SegmentRecord[] = [];
  private running?: Promise<void>;
  private wake?: () => void;
  private failures = 0;
  private stopped = false;
  fileSlicer?: FileSlicer;

  constructor(
    private readonly store: LocalStore,
    private readonly client: RecorderClient,
    private readonly events: UploaderEvents,
  ) {}

  /** Takes the phone's segments (after a reload) as the list to upload from. */
  async load(): Promise<void> {
    // Without their bytes: a part's Blob is read back from IndexedDB only when it is sent, so a
    // reload with many unsent parts does not hold them all in memory.
    this.segments = (await this.store.segments())
      .map((segment) => ({ ...segment, blob: undefined }))
      .sort((a, b) => a.partNumber - b.partNumber);
    this.report();
  }

  /**
   * Parts the server holds that this phone does not know of (its storage was cleared, or the
   * walkthrough began on another phone): counted as uploaded, so Done names every part.
   */
  async adopt(
    serverParts: readonly { part_number: number; run: number; size: number; sha256: string }[],
    mimeType: string,
  ): Promise<void> {
    const known = new Set(this.segments.map((segment) => segment.partNumber));
    for (const part of serverParts) {
      if (known.has(part.part_number)) continue;
      const record = {
        partNumber: part.part_number,
        run: part.run,
        size: part.size,
        mimeType,
        source: "camera" as const,
        sha256: part.sha256,
        uploaded: true,
      };
      await this.store.putSegment(record);
      this.segments.push({ ...record, walk: this.store.walk });
    }
    this.segments.sort((a, b) => a.partNumber - b.partNumber);
    this.report();
  }

  /** Adds a segment already written to IndexedDB, and starts sending. */
  add(segment: SegmentRecord): void {
    this.segments.push({ ...segment, blob: undefined });
    this.report();
    this.kick();
  }

  get all(): readonly SegmentRecord[] {
    return this.segments;
  }

  get progress(): UploadProgress {
    const stored = this.segments.filter((segment) => segment.uploaded);
    return {
      storedBytes: stored.reduce((sum, segment) => sum + segment.size, 0),
      totalBytes: this.segments.reduce((sum, segment) => sum + segment.size, 0),
      pendingParts: this.segments.length - stored.length,
      totalParts: this.segments.length,
    };
  }

  /** Marks parts as not held by the server (Done found them missing) and sends them again. */
  resend(partNumbers: number[]): void {
    for (const segment of this.segments) if (partNumbers.includes(segment.partNumber)) segment.uploaded = false;
    this.report();
    this.kick();
  }

  /** Sends now rather than at the end of a backoff (the browser came back online). */
  kick(): void {
    this.failures = 0;
    this.wake?.();
    this.running ??= this.pump().finally(() => (this.running = undefined));
  }

  /** Resolves once every part is on the server (or the pump stopped on a refusal). */
  async drained(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private report(): void {
    this.events.onProgress(this.progress);
  }

  private async pause(): Promise<void> {
    const delay = backoffMs[Math.min(this.failures, backoffMs.length - 1)]!;
    this.failures += 1;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
  }

  private async bytesOf(segment: SegmentRecord): Promise<Blob | undefined> {
    if (segment.source === "file") return this.fileSlicer?.(segment);
    return (await this.store.segment(segment.partNumber))?.blob;
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      const next = this.segments.find((segment) => !segment.uploaded);
      if (!next) return;
      const body = await this.bytesOf(next);
      if (!body) return; // A file part whose file must be chosen again; the page asks for it.
      try {
        next.sha256 ??= await sha256Hex(body);
        await this.client.putPart({
          partNumber: next.partNumber,
          run: next.run,
          source: next.source,
          mimeType: next.mimeType,
          sha256: next.sha256,
          body,
          deviceStartedAt: next.deviceStartedAt,
          fileLastModified: next.fileLastModified,
        });
        await this.store.markUploaded(next.partNumber, next.sha256);
        next.uploaded = true;
        this.failures = 0;
        this.events.onConnection(true);
        this.report();
      } catch (error) {
        if (error instanceof Retryable) {
          this.events.onConnection(false);
          await this.pause();
          continue;
        }
        if (error instanceof Refused) this.events.onRefused(error);
        else this.events.onRefused(new Refused(0, "client_error", String(error)));
        return;
      }
    }
  }
}
