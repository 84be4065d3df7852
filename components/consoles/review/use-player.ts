"use client";

import { useCallback, useRef, useState } from "react";

/**
 * The desk's hold on the video: the time shown is always the player's own (read from its events,
 * never from what was asked), and a jump asked before the video's metadata has loaded is made
 * once it has, so "Paused at 0:05" never shows over a player still at 0:00.
 */
export function usePlayer() {
  const video = useRef<HTMLVideoElement>(null);
  const wanted = useRef<number | undefined>(undefined);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);

  const read = useCallback(() => {
    if (video.current) setTime(video.current.currentTime);
  }, []);

  const seek = useCallback((seconds: number) => {
    const player = video.current;
    if (!player) return;
    player.pause();
    const clamped = Math.max(0, Number.isFinite(player.duration) ? Math.min(seconds, player.duration) : seconds);
    if (player.readyState < HTMLMediaElement.HAVE_METADATA) wanted.current = clamped;
    else player.currentTime = clamped;
  }, []);

  const nudge = useCallback(
    (seconds: number) => {
      if (video.current) seek(video.current.currentTime + seconds);
    },
    [seek],
  );

  const toggle = useCallback(() => {
    const player = video.current;
    if (!player) return;
    if (player.paused) void player.play().catch(() => undefined);
    else player.pause();
  }, []);

  const events = {
    onLoadedMetadata: () => {
      if (wanted.current !== undefined && video.current) video.current.currentTime = wanted.current;
      wanted.current = undefined;
      read();
    },
    onTimeUpdate: read,
    onSeeked: read,
    onPause: () => {
      setPlaying(false);
      read();
    },
    onPlay: () => setPlaying(true),
  };

  /** The player's second now, to a tenth (a finding's frame). */
  const now = () => (video.current ? Math.round(video.current.currentTime * 10) / 10 : time);

  return { video, time, playing, seek, nudge, toggle, events, now };
}

export type Player = ReturnType<typeof usePlayer>;
