import { configuredProvider } from "../analysis/configured-provider";
import { analyzeSubmission, mailDemoResult } from "../demo/analyze-submission";
import { pruneDemo } from "../demo/prune-demo";
import { defaultFetchPhotoOptions } from "../fetch/fetch-photo-options";
import { log } from "../log";
import { mediaStorage } from "../media/media-storage";
import { defineJob } from "./definition";

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

/** Overlap: a retry may mail twice, which a notice can bear; it is queued once per submission. */
export const mailDemoResultJob = defineJob({
  queue: "mail-demo-result",
  async handler({ submissionId }) {
    await mailDemoResult(submissionId);
  },
});

/** Overlap: two runs delete the same expired submissions; deleting twice is harmless. */
export const pruneDemoJob = defineJob({
  queue: "prune-demo",
  schedule: "17 * * * *",
  async handler() {
    const removed = await pruneDemo(mediaStorage());
    if (removed > 0) log().info({ removed }, "demo submissions past their retention deleted");
  },
});
