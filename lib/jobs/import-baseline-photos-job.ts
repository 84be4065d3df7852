import { z } from "zod";
import { giveUpPhotoImport, runPhotoImport } from "../baseline-photos/run-photo-import";
import { defineJob } from "./definition";

/**
 * One queue for every home and workspace (spec, Limits: imports queue behind each other), with
 * a small bounded concurrency per process so a burst of imports never floods the fetcher.
 */
export const importBaselinePhotosJob = defineJob({
  name: "import-baseline-photos",
  payload: z.object({ importId: z.uuid() }),
  concurrency: 2,
  // 25 photos of at most 20 seconds each, plus storing them. A killed worker's import comes back
  // after this and resumes after the last photo it recorded.
  timeoutSeconds: 15 * 60,
  retryLimit: 3,
  handler: ({ importId }) => runPhotoImport(importId),
  onGiveUp: ({ importId }) => giveUpPhotoImport(importId),
});
