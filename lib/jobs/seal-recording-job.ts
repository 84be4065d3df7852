import { failRecording, sealRecording } from "../recording/seal-recording";
import { defineJob } from "./definition";

/**
 * Seals finished walkthroughs, one at a time per worker process: a transcode keeps both cores
 * busy. Overlap: the attempt holds the inspection's lease (`workId`), so a retry started while a
 * late attempt still runs waits its turn; each step of the seal finds its own finished result
 * first (lib/recording/seal-recording.ts), so a retry after a killed worker resumes.
 */
export const sealRecordingJob = defineJob({
  queue: "seal-recording",
  concurrency: 1,
  workId: (job) => job.inspectionId,
  handler: ({ inspectionId, partnerId }) => sealRecording(inspectionId, partnerId),
  onGiveUp: ({ inspectionId }) => failRecording(inspectionId, "seal_failed"),
});
