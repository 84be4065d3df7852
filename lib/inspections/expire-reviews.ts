import { db } from "../db/client";
import { log } from "../log";
import { recordInspectionEvents } from "../webhooks/record-event";

/** Spec, Limits: what is not released within 2 days of the seal is not released at all. */
export const reviewDeadlineHours = 48;

/** Ends `failed` (`review_expired`) every sealed walkthrough still unreleased 2 days after its seal; answers how many. */
export async function expireReviews(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - reviewDeadlineHours * 3_600_000);
  const count = await db().$transaction(async (tx) => {
    const expired = await tx.$queryRaw<{ id: string }[]>`
      UPDATE inspection SET status = 'failed', failure_reason = 'review_expired', failed_at = ${now}
      WHERE status = 'processing' AND sealed_at < ${before} RETURNING id`;
    await recordInspectionEvents(tx, expired.map((row) => row.id), "inspection.failed");
    return expired.length;
  });
  if (count > 0) log().warn({ count }, "reports not released within 2 days of the seal ended failed");
  return count;
}
