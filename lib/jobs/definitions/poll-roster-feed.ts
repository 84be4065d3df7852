import "server-only";
import { pollRosterFeed } from "../../roster-feeds/poll-roster-feed";
import { recordPullFailure } from "../../roster-feeds/record-pull-failure";
import { defineJob } from "../definition";

export const pollRosterFeedJob = defineJob({
  queue: "poll-roster-feed",
  // Pulls wait on partners' servers, not on us; two at a time per process keeps the pool free.
  concurrency: 2,
  // Its expiry already covers the longest poll (every page at the full per-request time,
  // lib/roster-feeds/feed-limits.ts), and a feed is read in one go, so there is no deadline.
  // Overlap: the outcome is recorded under the open sync's row lock and only while the sync is
  // open, so a second attempt could not record a second run; the lease keeps it from fetching
  // the partner's feed a second time meanwhile.
  workId: ({ syncId }) => syncId,
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
