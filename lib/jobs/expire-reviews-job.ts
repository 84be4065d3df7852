import { expireReviews } from "../inspections/expire-reviews";
import { defineJob } from "./definition";

/** Hourly: a report not released within 2 days of the seal ends `failed` (review_expired). Idempotent. */
export const expireReviewsJob = defineJob({
  queue: "expire-reviews",
  schedule: "17 * * * *",
  handler: async () => {
    await expireReviews();
  },
});
