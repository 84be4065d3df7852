import { z } from "zod";
import { pruneRateLimitWindows } from "../http/rate-limit";
import { log } from "../log";
import { defineJob } from "./definition";

export const pruneRateLimitsJob = defineJob({
  name: "prune-rate-limits",
  payload: z.object({}).passthrough(),
  schedule: "17 * * * *",
  async handler() {
    const removed = await pruneRateLimitWindows();
    log().info({ removed }, "pruned rate limit windows");
  },
});
