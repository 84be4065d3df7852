import "server-only";
import { createHash } from "node:crypto";

export const minutesPerDay = 24 * 60;
const minuteMs = 60_000;
const dayMs = minutesPerDay * minuteMs;

/**
 * The minute of the UTC day at which a workspace's feed is polled. A stable hash of the
 * workspace spreads feeds evenly over the day (rather than all at midnight) and keeps each
 * one at the same time every day, whichever process computes it.
 */
export function pollMinuteFor(workspaceId: string): number {
  return createHash("sha256").update(workspaceId).digest().readUInt32BE(0) % minutesPerDay;
}

/** Midnight UTC of the day `now` falls on. */
export function utcDayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / dayMs) * dayMs);
}

export function minuteOfDay(now: Date): number {
  return Math.floor((now.getTime() - utcDayStart(now).getTime()) / minuteMs);
}

/** The most recent slot at or before `now`: today's if its minute has come, else yesterday's. */
export function latestSlot(pollMinute: number, now: Date): Date {
  const today = utcDayStart(now).getTime() + pollMinute * minuteMs;
  return new Date(today <= now.getTime() ? today : today - dayMs);
}

export interface SlotState {
  pollMinute: number;
  /** When the feed was set: the first scheduled poll is its first slot after this. */
  since: Date;
  /** The newest sync of the workspace, scheduled or manual. */
  lastSyncAt?: Date;
}

/**
 * Due: the latest slot has passed since the feed was set and no sync was requested since
 * that slot. A manual sync after the slot counts as that day's poll.
 */
export function isDue(state: SlotState, now: Date): boolean {
  const slot = latestSlot(state.pollMinute, now);
  return slot >= state.since && !(state.lastSyncAt && state.lastSyncAt >= slot);
}

/** When the schedule will next poll the feed: `now` when it is due already (picked up within a minute). */
export function nextPollAt(state: SlotState, now: Date): Date {
  if (isDue(state, now)) return now;
  return new Date(latestSlot(state.pollMinute, now).getTime() + dayMs);
}
