// How each queue behaves, declared apart from the handlers (lib/jobs/definitions): the queue client
// creates the queues from this table (a web process must be able to enqueue without loading any
// handler), enqueuing reads its fairness, and the worker brings existing queues up to it and reads
// its deadlines. Infrastructure: nothing here imports the domain.
import "server-only";
import type { JobPayload, QueueName } from "./payloads";

export interface FairShare<N extends QueueName> {
  /** Whose share of the queue a job uses (a partner id). */
  key(payload: JobPayload<N>): string;
  /** What one attempt is charged, in seconds of virtual time: about how long it holds a worker. */
  costSeconds(payload: JobPayload<N>): number;
}

export interface QueueSettings<N extends QueueName> {
  retryLimit: number;
  /** First retry delay; later ones back off exponentially (pg-boss `retryBackoff`). */
  retryDelaySeconds: number;
  /**
   * How long one attempt may run before pg-boss takes it back and retries it (also how a killed
   * worker's job comes back). An attempt must end before this, or a second attempt starts while
   * the first still runs.
   */
  expireInSeconds: number;
  /**
   * Long jobs only: after this many seconds an attempt starts no new item; it continues in a
   * fresh job instead (lib/jobs/worker.ts). See `sliced` for how the expiry follows from it.
   */
  deadlineSeconds?: number;
  /** The job has a give-up step, run from the dead-letter queue `<name>-given-up` (lib/jobs/worker.ts). */
  giveUp: boolean;
  /** Shared between partners: jobs start in start-time fair order per key (lib/queue/fair-share.ts). */
  fair?: FairShare<N>;
  /**
   * Someone waits for it (a partner polling their roster import): sending notifies the workers
   * at commit (`jobWakeChannel`), so the job starts at once instead of at the next poll.
   */
  wakeOnSend?: boolean;
}

/** The PostgreSQL notification channel of `wakeOnSend` queues; the payload is the queue's name. */
export const jobWakeChannel = "job_wake";

/**
 * Timing of a job that works through items and stops at a deadline. Between items only: after
 * the deadline an attempt lets the item in hand finish and starts no other, so it ends at the
 * latest after deadline + one item (the first item always starts, so every attempt makes progress
 * even if what comes before the loop was slow). The expiry adds a margin for what follows the
 * last item (ending the work, enqueuing the continuation) and for clock differences between the
 * worker and the database, which counts the expiry:
 *
 *   expireInSeconds = deadlineSeconds + longestItemSeconds + marginSeconds
 */
function sliced(timing: { deadlineSeconds: number; longestItemSeconds: number; marginSeconds: number }) {
  return {
    deadlineSeconds: timing.deadlineSeconds,
    expireInSeconds: timing.deadlineSeconds + timing.longestItemSeconds + timing.marginSeconds,
  };
}

export const queues: { readonly [N in QueueName]: QueueSettings<N> } = {
  // A 10,000-property run applies in about a second; a killed worker's run comes back after 30 s.
  "apply-roster-import": { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 30, giveUp: true, wakeOnSend: true },
  "activate-roster": { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 60, giveUp: false, wakeOnSend: true },
  /*
   * One poll attempt may legitimately take every page at the full per-request time (200 pages of
   * 20 s, lib/roster-feeds/feed-limits.ts) plus 200 s; the expiry covers that, so only a dead
   * worker's attempt is ever taken back and retried. The feed's limits are the domain's, which
   * this layer does not import: tests/unit/job-registry.test.ts checks the two agree.
   */
  "poll-roster-feed": { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 4200, giveUp: true },
  "schedule-roster-pulls": { retryLimit: 0, retryDelaySeconds: 5, expireInSeconds: 120, giveUp: false },
  "prune-rate-limits": { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60, giveUp: false },
  "prune-webhook-log": { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 15 * 60, giveUp: false },
  "prune-verification-tokens": { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 15 * 60, giveUp: false },
  // A link is good for 30 minutes: retries (10 s doubling) stop well inside it; a late one sends nothing.
  "sign-in-mail": { retryLimit: 4, retryDelaySeconds: 10, expireInSeconds: 60, giveUp: false },
  // Two counts and a few sends: seconds.
  "poll-calendars": { retryLimit: 0, retryDelaySeconds: 5, expireInSeconds: 5 * 60, giveUp: false },
  // 200 calendars, 4 at a time, each at most 20 s: well inside 20 minutes; the next round takes what is left.
  "poll-calendar-batch": { retryLimit: 0, retryDelaySeconds: 5, expireInSeconds: 20 * 60, giveUp: false },
  // A mail server that is down for a while: tried again over about an hour (60 s doubling).
  "mail-report": { retryLimit: 6, retryDelaySeconds: 60, expireInSeconds: 5 * 60, giveUp: false },
  // One small HTTP request (30 s at most); an authority that is down is asked again, backing off
  // from 5 s, for about half a day.
  "timestamp-evidence": { retryLimit: 12, retryDelaySeconds: 5, expireInSeconds: 2 * 60, giveUp: false },
  // A few hundred KiB stored in parts and one Done: seconds. Each retry finds what is stored stored.
  "sandbox-walkthrough": { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 5 * 60, giveUp: false },
  // Up to 10 photos at 20 s each and one provider call: a few minutes at most. A retry starts over.
  "analyze-demo": { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 10 * 60, giveUp: false },
  "mail-demo-result": { retryLimit: 6, retryDelaySeconds: 60, expireInSeconds: 5 * 60, giveUp: false },
  "prune-demo": { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 15 * 60, giveUp: false },
  // A run stops starting deletions after 3 hours (lib/recording/media-retention.ts); the next day's takes the rest.
  "delete-expired-media": { retryLimit: 3, retryDelaySeconds: 5 * 60, expireInSeconds: 4 * 3600, giveUp: false },
  // Cutting one frame and matching it to the baseline: seconds; a retry adds the finding once (its id is in the job).
  "add-staff-finding": { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 5 * 60, giveUp: false },
  /*
   * Photo and tour imports. A tour is up to 200 images at up to 60 s each, far more than any
   * sensible expiry, so an attempt stops at a deadline of 10 minutes and the import continues in a
   * fresh job (a photo batch, 25 photos of at most 20 s, nearly always ends in one).
   * Longest item, 120 s: a tour image's download is cut at 60 s (a photo's whole fetch at 20 s);
   * checking it (a full decode of at most 100 megapixels), storing up to 50 MiB and recording it
   * get another 60 s. Before the first item a tour import lists the model's images (cut at 20 s,
   * inside the deadline). Margin, 60 s: ending the import (deleting replaced imagery) and
   * enqueuing the continuation. 600 + 120 + 60 = 780 s of expiry.
   */
  "import-baseline": {
    retryLimit: 3,
    retryDelaySeconds: 5,
    ...sliced({ deadlineSeconds: 600, longestItemSeconds: 120, marginSeconds: 60 }),
    giveUp: true,
    // One partner's burst of imports must not hold back every other partner's.
    fair: {
      key: (job) => job.partnerId,
      // A batch of photos takes tens of seconds; a tour's attempt minutes.
      costSeconds: (job) => (job.kind === "photos" ? 30 : 120),
    },
  },
  /*
   * Sealing: join the parts, remux or transcode with ffmpeg, stills at every tap. A 10-minute MP4
   * remuxes in seconds; hours of WebM transcode for a long while on two cores, and the transcode
   * is one step with nothing to pause between, so the expiry is generous (3 hours). It is not
   * what brings back a killed worker's seal: the seal holds the inspection's lease, and a worker
   * reclaims an attempt whose lease is free within seconds (lib/jobs/reclaim-orphans.ts).
   * These quick retries are pg-boss's; a failure that outlasts them is tried again for a day
   * with a backoff of the seal's own (lib/recording/seal-retry.ts), then given up.
   */
  "seal-recording": {
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 3 * 60 * 60,
    giveUp: true,
    fair: { key: (job) => job.partnerId, costSeconds: () => 30 },
  },
  /*
   * Analysis: an attempt stops between items (and between batches of frames) once 10 minutes have
   * passed and the analysis continues in a fresh job. Longest item, 240 s: a provider call of up
   * to 60 s (ANALYSIS_TIMEOUT_SECONDS' default) three times with its pauses, plus cutting and
   * storing frames. Margin, 60 s. 600 + 240 + 60 = 900 s of expiry.
   */
  "analyze-inspection": {
    retryLimit: 3,
    retryDelaySeconds: 10,
    ...sliced({ deadlineSeconds: 600, longestItemSeconds: 240, marginSeconds: 60 }),
    giveUp: true,
    fair: { key: (job) => job.partnerId, costSeconds: () => 60 },
  },
  "recheck-item": {
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 600,
    giveUp: false,
    fair: { key: (job) => job.partnerId, costSeconds: () => 20 },
  },
  // Hourly; a run deleting many walkthroughs' parts takes minutes at most, and the next run takes what is left.
  "expire-abandoned-recordings": { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 15 * 60, giveUp: false },
  // A hint worth having in seconds or not at all: one retry, soon.
  "judge-tap": {
    retryLimit: 1,
    retryDelaySeconds: 2,
    expireInSeconds: 300,
    giveUp: false,
    fair: { key: (job) => job.partnerId, costSeconds: () => 5 },
  },
};

export const queueNames = Object.keys(queues) as QueueName[];

/**
 * Queues the app no longer has, deleted where they remain (with their schedule, which would
 * otherwise keep adding jobs nobody works): `expire-reviews` failed reports unreleased 2 days
 * after the seal, which the spec never asked for (it only drops `inspection.completed`).
 */
export const retiredQueueNames: readonly string[] = ["expire-reviews"];

/** Where pg-boss puts a job whose last attempt failed, when its queue has a give-up step. */
export function giveUpQueueOf(name: QueueName): string {
  return `${name}-given-up`;
}
