import "server-only";
import { db } from "../db/client";
import type { MediaStorage } from "../media/storage";
import { demoUploadReservationMs } from "./demo-video-limits";

/**
 * Deletes submissions past their retention (or never confirmed within a day) with their media:
 * the media first, so a crash between the two leaves a row that the next run deletes again,
 * never media without a row. Access requests are kept for staff. Upload reservations of a
 * process that died mid-upload go too, with whatever it stored (lib/demo/demo-upload-budget.ts).
 */
export async function pruneDemo(storage: MediaStorage, now = new Date()): Promise<number> {
  const expired = await db().demoSubmission.findMany({ where: { expiresAt: { lte: now } }, select: { id: true }, take: 1000 });
  for (const { id } of expired) {
    await storage.deletePrefix(`demo/${id}`);
    await db().demoSubmission.deleteMany({ where: { id } });
  }
  const abandoned = await db().demoUpload.findMany({
    where: { startedAt: { lte: new Date(now.getTime() - demoUploadReservationMs) } },
    select: { id: true },
    take: 1000,
  });
  for (const { id } of abandoned) {
    // An upload that did finish after all has a submission row, which owns the media from then on.
    if ((await db().demoSubmission.count({ where: { id } })) === 0) await storage.deletePrefix(`demo/${id}`);
    await db().demoUpload.deleteMany({ where: { id } });
  }
  return expired.length;
}
