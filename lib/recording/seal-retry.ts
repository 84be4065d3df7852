import "server-only";
import { config } from "../config";
import type { JobPayload } from "../queue/payloads";

type SealJob = JobPayload<"seal-recording">;

/**
 * When a failed seal is tried again. Every failure that reaches here is not the recording's own
 * (ffmpeg saying the data is bad ends the seal inside it, lib/recording/seal-recording.ts): media
 * storage or the database away, ffmpeg killed, a worker gone. So the seal is tried again, after
 * SEAL_RETRY_DELAYS_SECONDS' first delay, doubling up to its longest (30 s to 15 min: a store
 * back from an outage is used within a quarter of an hour), for SEAL_RETRY_WINDOW_SECONDS (a day)
 * from the first failure. Answers nothing once that has passed: the seal then ends `seal_failed`.
 */
export function nextSealAttempt<J extends Pick<SealJob, "failingSince" | "retries"> = SealJob>(
  job: J,
  now = new Date(),
): { payload: J; afterSeconds: number } | undefined {
  const {
    SEAL_RETRY_DELAYS_SECONDS: [first, longest],
    SEAL_RETRY_WINDOW_SECONDS: window,
  } = config();
  const since = job.failingSince === undefined ? now : new Date(job.failingSince);
  if (now.getTime() - since.getTime() >= window * 1000) return undefined;
  const retries = job.retries ?? 0;
  return {
    payload: { ...job, failingSince: since.toISOString(), retries: retries + 1 },
    afterSeconds: Math.min(longest, first * 2 ** Math.min(retries, 30)),
  };
}
