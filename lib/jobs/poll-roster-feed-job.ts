import { z } from "zod";
import { pollJobRetryLimit, pollJobTimeoutSeconds } from "../roster-feeds/feed-limits";
import { pollRosterFeed } from "../roster-feeds/poll-roster-feed";
import { recordPullFailure } from "../roster-feeds/record-pull-failure";
import { defineJob } from "./definition";

export const pollRosterFeedJob = defineJob({
  name: "poll-roster-feed",
  payload: z.object({ syncId: z.uuid() }),
  // Pulls wait on partners' servers, not on us; two at a time per process keeps the pool free.
  concurrency: 2,
  timeoutSeconds: pollJobTimeoutSeconds,
  retryLimit: pollJobRetryLimit,
  handler: ({ syncId }) => pollRosterFeed(syncId),
  // A feed's own failures end the sync inside the handler; this is for ours (database, bugs).
  onGiveUp: async ({ syncId }) => {
    await recordPullFailure({
      syncId,
      code: "internal_error",
      detail: { message: "The poll failed on our side. Nothing changed; the next sync tries again." },
    });
  },
});
