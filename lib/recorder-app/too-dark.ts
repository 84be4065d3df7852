import { isDark } from "@/lib/analysis/frame-brightness";

/** A stretch of a run the preview measured too dark, in seconds from the run's start. */
export interface DarkSpan {
  run: number;
  from: number;
  to: number;
}

/** How long the picture must stay dark (or bright again) before the notice shows (or hides): no flashing. */
export const holdMs = 1000;

/**
 * Turns brightness samples (a few a second) into a steady notice and the dark spans of a run.
 * The notice follows the measure only once it has held for `holdMs`; a span is every sample that
 * was dark, from the first to the last, so it marks the seconds the server will find dark too.
 */
export class DarkWatch {
  private shown = false;
  private changedAt: number | undefined;
  private darkFrom: number | undefined;
  private lastDarkAt: number | undefined;
  readonly spans: DarkSpan[] = [];

  constructor(
    private readonly run: number,
    private readonly startedAtMs: number,
  ) {}

  /** One sample; answers whether the too-dark notice should show now. */
  sample(brightness: number, nowMs: number): boolean {
    const dark = isDark(brightness);
    if (dark) {
      this.darkFrom ??= nowMs;
      this.lastDarkAt = nowMs;
    } else this.closeSpan();
    if (dark === this.shown) this.changedAt = undefined;
    else {
      this.changedAt ??= nowMs;
      if (nowMs - this.changedAt >= holdMs) {
        this.shown = dark;
        this.changedAt = undefined;
      }
    }
    return this.shown;
  }

  /** Ends the run's open span (the run stopped while dark). */
  finish(): DarkSpan[] {
    this.closeSpan();
    return this.spans;
  }

  private closeSpan(): void {
    if (this.darkFrom === undefined || this.lastDarkAt === undefined) return;
    const seconds = (ms: number) => Math.max(0, Math.round((ms - this.startedAtMs) / 100) / 10);
    this.spans.push({ run: this.run, from: seconds(this.darkFrom), to: seconds(this.lastDarkAt) });
    this.darkFrom = undefined;
    this.lastDarkAt = undefined;
  }
}
