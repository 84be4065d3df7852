import "server-only";
import { pruneExpiredSignInLinks } from "../../auth/sign-in-link";
import { log } from "../../log";
import { defineJob } from "../definition";

export const pruneVerificationTokensJob = defineJob({
  queue: "prune-verification-tokens",
  schedule: "23 * * * *",
  // Overlap: two runs delete the same expired links; the second finds fewer or none.
  async handler() {
    const removed = await pruneExpiredSignInLinks();
    log().info({ removed }, "pruned expired sign-in links");
  },
});
