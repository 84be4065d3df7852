import "server-only";
import { enqueue } from "../../queue/enqueue";
import { failRecording, sealRecording } from "../../recording/seal-recording";
import { nextSealAttempt } from "../../recording/seal-retry";
import { defineJob } from "../definition";

/**
 * Seals finished walkthroughs, one at a time per worker process: a transcode keeps both cores
 * busy. Overlap: the attempt holds the inspection's lease (`workId`), so a retry started while a
 * late attempt still runs waits its turn; each step of the seal finds its own finished result
 * first (lib/recording/seal-recording.ts), so a retry after a killed worker resumes.
 *
 * Failures: a recording ffmpeg calls bad data ends `recording_unprocessable` inside the seal; any
 * other failure is tried again with backoff for a day (lib/recording/seal-retry.ts), the parts
 * kept throughout.
 */
export const sealRecordingJob = defineJob({
  queue: "seal-recording",
  concurrency: 1,
  workId: (job) => job.inspectionId,
  // Its writes are fenced: an attempt that lost the lease writes nothing beside the one that took it.
  handler: ({ inspectionId, partnerId }, context) => sealRecording(inspectionId, partnerId, context.assertLeased),
  retryLater: (job) => nextSealAttempt(job),
  // pg-boss's own retries ran out as well: a worker killed again and again, or the database away
  // when a failure was to be tried again. Inside the day: tried again later; past it, seal_failed.
  // Running twice may start two chains of retries: harmless, the lease runs one seal at a time.
  onGiveUp: async (job) => {
    const next = nextSealAttempt(job);
    if (next) await enqueue("seal-recording", next.payload, { startAfterSeconds: next.afterSeconds });
    else await failRecording(job.inspectionId, "seal_failed");
  },
});
