import "server-only";

/**
 * How a walkthrough's wait for staff stands against REVIEW_TARGET_MINUTES: within half of it,
 * within it, or over it. Pure, so the queue and its tests share it.
 */
export type WaitStanding = "early" | "near" | "over";

export function waitStanding(waitingMinutes: number, targetMinutes: number): WaitStanding {
  if (waitingMinutes < targetMinutes / 2) return "early";
  return waitingMinutes < targetMinutes ? "near" : "over";
}

/** "4 min", "2 h 5 min", "3 d 2 h": a wait read at a glance. */
export function waitText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
