// The phone's too-dark stretches as the review desk shows them, in the sealed video's seconds.
import { formatVideoTime } from "../format/dates";

export interface VideoSpan {
  from: number;
  to: number;
}

/**
 * The preview measures about three times a second, so a span's ends are known to a third of a
 * second: a tap this close to one is in it.
 */
export const sampleSlackSeconds = 0.5;

/** Spans in order, those that touch (within the slack) joined: one line per dark stretch. */
export function joinSpans(spans: VideoSpan[]): VideoSpan[] {
  const joined: VideoSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    const last = joined.at(-1);
    if (last && span.from <= last.to + sampleSlackSeconds) last.to = Math.max(last.to, span.to);
    else joined.push({ ...span });
  }
  return joined;
}

/** Whether the phone found the picture too dark at this second of the video. */
export function darkAt(spans: VideoSpan[], seconds: number): boolean {
  return spans.some((span) => seconds >= span.from - sampleSlackSeconds && seconds <= span.to + sampleSlackSeconds);
}

/** "0:12–0:20, 1:05–1:09": the spans as a reviewer reads them beside the video. */
export function spansText(spans: VideoSpan[]): string {
  return spans
    .map((span) => {
      const [from, to] = [formatVideoTime(span.from), formatVideoTime(span.to)];
      return from === to ? from : `${from}–${to}`;
    })
    .join(", ");
}
