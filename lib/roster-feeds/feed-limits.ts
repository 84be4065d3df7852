import "server-only";
import { queues } from "../queue/queues";

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
 * One poll attempt's timeout and retries: the queue's settings (lib/queue/queues.ts), which cover
 * a poll that takes every page at the full per-request time (tests/unit/job-registry.test.ts).
 */
const pollJob = queues["poll-roster-feed"];

/**
 * After this a sync still queued or running is abandoned (every attempt has expired): it no
 * longer blocks a new sync and the schedule's sweep ends it `failed`.
 */
export const syncLifetimeMs = ((pollJob.retryLimit + 1) * pollJob.expireInSeconds + 15 * 60) * 1000;
