import "server-only";
import { db } from "../db/client";
import { requirePartner } from "./require-partner";

/**
 * Sets how many days this partner's sealed walkthroughs keep their video, parts and stills; null
 * goes back to RECORDING_RETENTION_DAYS. The next daily sweep applies it (lib/recording/media-retention.ts).
 */
export async function setRecordingRetention(
  partnerId: string,
  days: number | null,
): Promise<{ partnerId: string; days: number | null; previous: number | null }> {
  if (days !== null && (!Number.isSafeInteger(days) || days < 1)) {
    throw new RangeError("The retention must be a positive number of days, or null for the default.");
  }
  return db().$transaction(async (tx) => {
    const partner = await requirePartner(partnerId, tx);
    await tx.partner.update({ where: { id: partnerId }, data: { recordingRetentionDays: days } });
    return { partnerId, days, previous: partner.recordingRetentionDays };
  });
}
