import "server-only";

/** A roster goes stale 48 hours after the moment its snapshot described (spec, Roster freshness). */
export const staleAfterMs = 48 * 60 * 60 * 1000;

export type RosterState = "unconfirmed" | "fresh" | "stale";

/** Computed at read time: staleness is a warning about age, never stored and never blocking. */
export function rosterState(confirmedAt: Date | null, observedAt: Date | null, now = new Date()): RosterState {
  if (!confirmedAt || !observedAt) return "unconfirmed";
  return now.getTime() - observedAt.getTime() > staleAfterMs ? "stale" : "fresh";
}
