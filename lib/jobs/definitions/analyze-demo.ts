import "server-only";
import { configuredProvider } from "../../analysis/configured-provider";
import { analyzeSubmission } from "../../demo/analyze-submission";
import { defaultFetchPhotoOptions } from "../../fetch/fetch-photo-options";
import { mediaStorage } from "../../media/media-storage";
import { defineJob } from "../definition";

/** Overlap: the submission moves to `analyzing` conditionally and ends conditionally, so two attempts end it once. */
export const analyzeDemoJob = defineJob({
  queue: "analyze-demo",
  concurrency: 2,
  workId: ({ submissionId }) => submissionId,
  async handler({ submissionId }) {
    await analyzeSubmission(submissionId, {
      fetchOptions: defaultFetchPhotoOptions(),
      storage: mediaStorage(),
      provider: configuredProvider(),
    });
  },
});
