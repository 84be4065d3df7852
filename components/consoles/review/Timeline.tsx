"use client";

import { cn } from "@/components/ui/cn";
import { formatVideoTime } from "@/lib/format/dates";
import type { VideoSpan } from "@/lib/review/dark-on-phone";
import type { DeskRow } from "./desk-rows";

const at = (seconds: number, duration: number) => `${Math.min(100, Math.max(0, (seconds / duration) * 100))}%`;

function markClass(row: DeskRow): string {
  if (row.kind === "finding") return row.finding.rejected ? "bg-line-strong" : row.waiting ? "bg-warning" : "bg-severity-major";
  if (row.waiting) return "bg-warning";
  return row.item.state === "verified" ? "bg-success" : row.item.state === "missed" ? "bg-danger" : "bg-muted";
}

/**
 * The video's length as a strip: each checklist tap (a dot above the line) and each finding (a
 * diamond below it) where it happened, the phone's too-dark stretches shaded, the playhead. A mark
 * jumps the video there and puts the row in focus (J and K do the same from the keyboard).
 */
export function Timeline({
  rows,
  duration,
  time,
  dark,
  focused,
  onJump,
}: {
  rows: DeskRow[];
  duration: number;
  time: number;
  dark: VideoSpan[];
  focused?: string;
  onJump: (row: DeskRow) => void;
}) {
  const marked = rows.filter((row) => row.seconds !== undefined);
  return (
    <div className="mt-3" aria-label="Timeline" role="group">
      <div className="relative h-10">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-subtle" />
        {dark.map((span) => (
          <div
            key={`${span.from}-${span.to}`}
            className="absolute top-1/2 h-3 -translate-y-1/2 rounded-sm bg-ink/35"
            style={{ left: at(span.from, duration), width: `max(3px, ${at(span.to - span.from, duration)})` }}
            title={`Too dark on the phone ${formatVideoTime(span.from)}–${formatVideoTime(span.to)}`}
          />
        ))}
        <div className="absolute inset-y-0 w-0.5 bg-accent" style={{ left: at(time, duration) }} aria-hidden />
        {marked.map((row) => {
          const name = row.kind === "item" ? row.item.name : `Finding: ${row.finding.room}`;
          return (
            <button
              key={row.key}
              type="button"
              tabIndex={-1}
              onClick={() => onJump(row)}
              aria-label={`${name} at ${formatVideoTime(row.seconds!)}`}
              title={`${name} at ${formatVideoTime(row.seconds!)}`}
              className={cn(
                "absolute size-3 -translate-x-1/2 border border-surface",
                row.kind === "item" ? "top-1 rounded-full" : "bottom-1 rotate-45 rounded-[1px]",
                markClass(row),
                focused === row.key && "ring-2 ring-focus ring-offset-1",
              )}
              style={{ left: at(row.seconds!, duration) }}
            />
          );
        })}
      </div>
      <div className="flex justify-between text-xs text-muted tabular-nums" aria-hidden>
        <span>0:00</span>
        <span>{formatVideoTime(duration)}</span>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted" aria-hidden>
        <span>
          <span className="mr-1 inline-block size-2 rounded-full bg-muted" />
          Checklist tap
        </span>
        <span>
          <span className="mr-1 inline-block size-2 rotate-45 bg-muted" />
          Finding
        </span>
        {dark.length > 0 && (
          <span>
            <span className="mr-1 inline-block h-2 w-3 rounded-sm bg-ink/35" />
            Too dark on the phone
          </span>
        )}
      </p>
    </div>
  );
}
