import "server-only";
import { expireAbandonedRecordings } from "../../recording/expire-abandoned-recordings";
import { defineJob } from "../definition";

/**
 * Hourly: walkthroughs opened and never finished, silent for RECORDING_ABANDON_DAYS, end `failed`
 * (`abandoned`). Overlap: each is ended under its row lock, and only while still open, so two
 * runs end it once.
 */
export const expireAbandonedRecordingsJob = defineJob({
  queue: "expire-abandoned-recordings",
  schedule: "41 * * * *",
  handler: async () => {
    await expireAbandonedRecordings();
  },
});
