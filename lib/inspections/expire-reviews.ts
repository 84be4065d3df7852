import { db } from "../db/client";
import { log } from "../log";

/** Spec, Limits: what is not released within 2 days of the seal is not released at all. */
export const reviewDeadlineHours = 48;

/** Ends `failed` (`review_expired`) every sealed walkthrough still unreleased 2 days after its seal; answers how many. */
export async function expireReviews(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - reviewDeadlineHours * 3_600_000);
  const { count } = await db().inspection.updateMany({
    where: { status: "processing", sealedAt: { lt: before } },
    data: { status: "failed", failureReason: "review_expired", failedAt: now },
  });
  if (count > 0) log().warn({ count }, "reports not released within 2 days of the seal ended failed");
  return count;
}
