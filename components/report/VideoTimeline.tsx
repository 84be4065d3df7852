"use client";

import type { ChecklistItemState, FindingSeverity } from "@/lib/generated/prisma/enums";
import { cn } from "@/components/ui/cn";
import { formatVideoTime } from "@/lib/format/dates";
import { useEffect, useState } from "react";
import { timelineLanes } from "./timeline-lanes";
import { seekWalkthroughVideo, walkthroughVideoId } from "./walkthrough-video";

export interface TimelineFinding {
  id: string;
  seconds: number;
  severity: FindingSeverity;
  /** "Play at 0:03: Major finding, Stain on the sofa", for a screen reader. */
  label: string;
  /** "0:03 · Major: Stain on the sofa", on hover. */
  title: string;
}

export interface TimelineTap {
  key: string;
  seconds: number;
  state: ChecklistItemState;
  label: string;
  title: string;
}

/** The timeline's fixed words, worded by the server: the report page ships no catalogue to the browser. */
export interface TimelineWords {
  cannotPlay: string;
  timeline: string;
  findings: string;
  taps: string;
  legend: string;
  major: string;
  moderate: string;
  minor: string;
  legendDone: string;
  legendMissed: string;
}

const findingDot: Record<FindingSeverity, string> = {
  MAJOR: "bg-severity-major ring-severity-major",
  MODERATE: "bg-severity-moderate ring-severity-moderate",
  MINOR: "bg-surface ring-severity-minor",
};

const tapTick: Record<ChecklistItemState, string> = {
  verified: "bg-success",
  missed: "bg-warning",
  explained: "bg-info",
  not_checked: "bg-line-strong",
  pending: "bg-line-strong",
};

function percent(seconds: number, duration: number): number {
  return duration <= 0 ? 0 : Math.min(100, Math.max(0, (seconds / duration) * 100));
}

const at = (seconds: number, duration: number) => `${percent(seconds, duration)}%`;

// A finding's mark is 24 px wide; on a phone's line (about 300 px) that is some 8% of it.
const markGapPercent = 4;
const findingRowsMax = 3;
const rowHeight = ["h-6", "h-12", "h-18"] as const;
const rowTop = ["top-0", "top-6", "top-12"] as const;

/**
 * The walkthrough video and, under it, its timeline: a mark for each finding (its severity's
 * colour) and each checklist tap (its result's colour). Every mark is a button that plays the
 * video from there, with a name that says what was seen; the line shows how far the video has played.
 */
export function VideoTimeline({
  url,
  contentType,
  durationSeconds,
  findings,
  taps,
  words,
}: {
  url: string;
  contentType: string;
  durationSeconds: number;
  findings: TimelineFinding[];
  taps: TimelineTap[];
  words: TimelineWords;
}) {
  const [played, setPlayed] = useState(0);
  useEffect(() => {
    const video = document.getElementById(walkthroughVideoId) as HTMLVideoElement | null;
    if (!video) return;
    const update = () => setPlayed(video.currentTime);
    video.addEventListener("timeupdate", update);
    video.addEventListener("seeked", update);
    return () => {
      video.removeEventListener("timeupdate", update);
      video.removeEventListener("seeked", update);
    };
  }, []);
  const duration = Math.max(durationSeconds, ...findings.map((f) => f.seconds), ...taps.map((t) => t.seconds), 1);
  const rows = timelineLanes(
    findings.map((finding) => percent(finding.seconds, duration)),
    markGapPercent,
    findingRowsMax,
  );

  return (
    <div className="flex flex-col gap-4">
      <video
        id={walkthroughVideoId}
        className="aspect-video w-full rounded-md bg-black object-contain"
        controls
        preload="metadata"
        playsInline
        tabIndex={-1}
      >
        <source src={url} type={contentType} />
        {words.cannotPlay}
      </video>

      <div role="group" aria-label={words.timeline} className="flex flex-col gap-1.5">
        <div className={cn("relative", rowHeight[rows.count - 1])} aria-label={words.findings} role="group">
          <div aria-hidden className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-subtle" />
          <div
            aria-hidden
            className="absolute top-1/2 left-0 h-1 -translate-y-1/2 rounded-full bg-accent/40"
            style={{ width: at(played, duration) }}
          />
          {findings.map((finding, index) => (
            <button
              key={finding.id}
              type="button"
              onClick={() => seekWalkthroughVideo(finding.seconds)}
              aria-label={finding.label}
              title={finding.title}
              className={cn(
                "group absolute grid size-6 -translate-x-1/2 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-focus",
                rowTop[rows.lanes[index]!],
              )}
              style={{ left: at(finding.seconds, duration) }}
            >
              <span
                aria-hidden
                className={cn(
                  "size-3 rounded-full ring-2 ring-offset-1 ring-offset-surface transition-transform group-hover:scale-125",
                  findingDot[finding.severity],
                )}
              />
            </button>
          ))}
        </div>
        {taps.length > 0 && (
          <div className="relative h-6" aria-label={words.taps} role="group">
            <div aria-hidden className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 bg-line" />
            {taps.map((tap) => (
              <button
                key={tap.key}
                type="button"
                onClick={() => seekWalkthroughVideo(tap.seconds)}
                aria-label={tap.label}
                title={tap.title}
                className="group absolute top-0 grid h-6 w-4 -translate-x-1/2 place-items-center rounded-sm focus-visible:outline-2 focus-visible:outline-focus"
                style={{ left: at(tap.seconds, duration) }}
              >
                <span aria-hidden className={cn("h-4 w-1 rounded-full group-hover:scale-y-125", tapTick[tap.state])} />
              </button>
            ))}
          </div>
        )}
        <div className="flex justify-between text-xs text-muted tabular-nums" aria-hidden>
          <span>0:00</span>
          <span>{formatVideoTime(duration)}</span>
        </div>
      </div>

      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label={words.legend}>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full bg-severity-major" /> {words.major}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full bg-severity-moderate" /> {words.moderate}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full bg-surface ring-2 ring-severity-minor" /> {words.minor}
        </li>
        {taps.length > 0 && (
          <>
            <li className="flex items-center gap-1.5">
              <span aria-hidden className="h-3 w-1 rounded-full bg-success" /> {words.legendDone}
            </li>
            <li className="flex items-center gap-1.5">
              <span aria-hidden className="h-3 w-1 rounded-full bg-warning" /> {words.legendMissed}
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
