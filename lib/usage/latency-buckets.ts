import "server-only";

/**
 * The latency histogram's buckets (ms, upper bounds, 1-2-5 steps): twenty counters a partner a
 * day instead of every duration, and a percentile read to within its bucket. The last bound
 * holds everything slower.
 */
export const latencyBoundsMs = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000] as const;

export const bucketOf = (durationMs: number): number =>
  latencyBoundsMs.find((bound) => durationMs <= bound) ?? latencyBoundsMs.at(-1)!;

/** The bound under which `share` (0..1) of the counted requests answered; undefined with none counted. */
export function percentileOf(buckets: ReadonlyMap<number, number>, share: number): number | undefined {
  const total = [...buckets.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  let seen = 0;
  for (const bound of latencyBoundsMs) {
    seen += buckets.get(bound) ?? 0;
    if (seen >= share * total) return bound;
  }
  return latencyBoundsMs.at(-1);
}
