import "server-only";
import { mailDemoResult } from "../../demo/analyze-submission";
import { defineJob } from "../definition";

/** Overlap: a retry may mail twice, which a notice can bear; it is queued once per submission. */
export const mailDemoResultJob = defineJob({
  queue: "mail-demo-result",
  async handler({ submissionId }) {
    await mailDemoResult(submissionId);
  },
});
