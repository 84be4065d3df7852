import "server-only";
import { pruneRateLimitWindows } from "../../http/rate-limit";
import { log } from "../../log";
import { defineJob } from "../definition";

export const pruneRateLimitsJob = defineJob({
  queue: "prune-rate-limits",
  schedule: "17 * * * *",
  // Overlap: two runs delete the same expired windows; the second finds fewer or none.
  async handler() {
    const removed = await pruneRateLimitWindows();
    log().info({ removed }, "pruned rate limit windows");
  },
});
