"use client";

import { Moon, Pause, Play } from "lucide-react";
import { useState } from "react";
import { formatVideoTime } from "@/lib/format/dates";
import { spansText, type VideoSpan } from "@/lib/review/dark-on-phone";
import type { DeskRow } from "./desk-rows";
import { Timeline } from "./Timeline";
import type { Player } from "./use-player";

/** The walkthrough's video, its time as the player reads it, and the timeline under it. */
export function VideoPane({
  url,
  duration,
  dark,
  rows,
  focused,
  player,
  onJump,
}: {
  url: string;
  duration?: number;
  dark: VideoSpan[];
  rows: DeskRow[];
  focused?: string;
  player: Player;
  onJump: (row: DeskRow) => void;
}) {
  // Every read of the view signs the video afresh; a new src would reload it back to 0:00 after each
  // decision. Keep the URL it plays, and take the fresh one only when that one fails (expired).
  const [src, setSrc] = useState(url);
  function renew() {
    if (src === url) return;
    const at = player.video.current?.currentTime ?? 0;
    setSrc(url);
    player.seek(at);
  }
  return (
    <section aria-label="Walkthrough video" className="rounded-lg border border-line bg-surface p-3 shadow-card">
      <video
        ref={player.video}
        className="aspect-video max-h-[52vh] w-full rounded-md bg-ink"
        src={src}
        controls
        preload="metadata"
        {...player.events}
        onError={renew}
      />
      <p className="mt-2 flex items-center gap-2 text-sm text-muted" data-testid="player-time">
        {player.playing ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
        <span>
          {player.playing ? "Playing at" : "Paused at"}{" "}
          <span className="font-medium text-ink tabular-nums">{formatVideoTime(player.time)}</span>
          {duration !== undefined && <span className="tabular-nums"> of {formatVideoTime(duration)}</span>}
        </span>
      </p>
      {duration !== undefined && duration > 0 && (
        <Timeline rows={rows} duration={duration} time={player.time} dark={dark} focused={focused} onJump={onJump} />
      )}
      {dark.length > 0 && (
        <p className="mt-1 text-sm text-ink" data-testid="dark-on-phone">
          <Moon aria-hidden className="mr-1 inline size-4 text-muted" />
          Too dark on the phone: <span className="tabular-nums">{spansText(dark)}</span>
        </p>
      )}
    </section>
  );
}
