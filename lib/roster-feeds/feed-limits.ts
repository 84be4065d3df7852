/** The hosted feed's bounds (spec, Limits: feed poll); each one exceeded fails the run with its own code. */
export interface FeedLimits {
  maxPages: number;
  maxBytes: number;
  requestTimeoutMs: number;
}

export const feedLimits: FeedLimits = {
  maxPages: 200,
  maxBytes: 20 * 1024 * 1024,
  requestTimeoutMs: 20_000,
};

/**
 * One poll attempt may legitimately take every page at the full per-request time; the job's
 * timeout covers that, so only a dead worker's attempt is ever taken back and retried.
 */
export const pollJobTimeoutSeconds = (feedLimits.maxPages * feedLimits.requestTimeoutMs) / 1000 + 200;
export const pollJobRetryLimit = 1;

/**
 * After this a sync still queued or running is abandoned (every attempt has expired): it no
 * longer blocks a new sync and the schedule's sweep ends it `failed`.
 */
export const syncLifetimeMs = ((pollJobRetryLimit + 1) * pollJobTimeoutSeconds + 15 * 60) * 1000;
