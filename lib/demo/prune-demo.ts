import { db } from "../db/client";
import type { MediaStorage } from "../media/storage";

/**
 * Deletes submissions past their retention (or never confirmed within a day) with their media:
 * the media first, so a crash between the two leaves a row that the next run deletes again,
 * never media without a row. Access requests are kept for staff.
 */
export async function pruneDemo(storage: MediaStorage, now = new Date()): Promise<number> {
  const expired = await db().demoSubmission.findMany({ where: { expiresAt: { lte: now } }, select: { id: true }, take: 1000 });
  for (const { id } of expired) {
    await storage.deletePrefix(`demo/${id}`);
    await db().demoSubmission.deleteMany({ where: { id } });
  }
  return expired.length;
}
