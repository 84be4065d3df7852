import "server-only";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import { log } from "../log";
import { mediaStorage } from "../media/media-storage";
import { recordingKeys } from "./recorder-state";

/*
 * The retention policy: a sealed walkthrough's video, parts and stills (the seal's, the analysis'
 * pictures, the phone's tap stills, the findings' frames) are deleted RECORDING_RETENTION_DAYS
 * after the seal, or after the partner's own number of days where staff set one. What is kept:
 * the inspection and its items, the findings' text, the signed evidence records (they still
 * verify: they carry the media's SHA-256, not the media) and the report. `media_deleted_at` says
 * it happened: the video read answers `404 video_not_available`, and the picture keys are cleared,
 * so the checklist omits `image_url` and a finding's `evidence` is empty, as the spec has it for
 * pictures that do not exist.
 *
 * A walkthrough still `processing` (waiting for its analysis or staff review) keeps its media
 * until it is released or fails: the review needs the video.
 */

export interface ExpiredMedia {
  inspectionId: string;
  partnerId: string;
  sealedAt: Date;
  /** The retention that applied: the partner's, else RECORDING_RETENTION_DAYS. */
  days: number;
}

/** The folders one walkthrough's media lives in (lib/recording/recorder-state.ts, lib/inspections/find-findings.ts). */
export function walkthroughMediaFolders(inspectionId: string): string[] {
  return [`recordings/${inspectionId}`, `stills/${inspectionId}`, `findings/${inspectionId}`];
}

const batchSize = 200;
/** One run stops starting deletions after this (the queue's expiry is 4 hours); the next run goes on. */
const runBudgetMs = 3 * 3600_000;

/**
 * The oldest walkthroughs past their retention at `now`. The bound on `sealed_at` (the shortest
 * retention any partner has) lets the (media_deleted_at, sealed_at) index stop early.
 */
async function expiredBatch(now: Date, defaultDays: number): Promise<ExpiredMedia[]> {
  const [bound] = await db().$queryRaw<{ shortest: number }[]>`
    SELECT least(coalesce(min(recording_retention_days), ${defaultDays}::int), ${defaultDays}::int) AS shortest FROM partner`;
  const sealedBefore = new Date(now.getTime() - (bound?.shortest ?? defaultDays) * 86_400_000);
  const rows = await db().$queryRawUnsafe<{ id: string; partner_id: string; sealed_at: Date; days: number }[]>(
    expiredSql,
    now,
    defaultDays,
    batchSize,
    sealedBefore,
  );
  return rows.map((row) => ({ inspectionId: row.id, partnerId: row.partner_id, sealedAt: row.sealed_at, days: row.days }));
}

/**
 * $1 the time, $2 RECORDING_RETENTION_DAYS, $3 the batch size, $4 the time less the shortest
 * retention any partner has: a plain bound the planner can read the index with (exported for
 * the plan's test).
 */
export const expiredSql = `
  SELECT i.id, w.partner_id, i.sealed_at, coalesce(p.recording_retention_days, $2::int) AS days
  FROM inspection i
  JOIN workspace w ON w.id = i.workspace_id
  JOIN partner p ON p.id = w.partner_id
  WHERE i.media_deleted_at IS NULL
    AND i.sealed_at < $4::timestamptz
    AND i.sealed_at < $1::timestamptz - make_interval(days => coalesce(p.recording_retention_days, $2::int))
    AND i.status <> 'processing'
  ORDER BY i.sealed_at, i.id
  LIMIT $3`;

/**
 * Deletes one walkthrough's media, then marks it deleted and calls `recorded` (the audit entry) in
 * the same transaction. Objects go first: a crash between leaves it unmarked, and the next run
 * deletes nothing more and marks it. Answers false when another run marked it first.
 */
async function deleteMedia(expired: ExpiredMedia, now: Date, recorded: (tx: Tx, expired: ExpiredMedia) => Promise<void>) {
  const storage = mediaStorage();
  await storage.deleteParts(recordingKeys.upload(expired.inspectionId));
  for (const folder of walkthroughMediaFolders(expired.inspectionId)) await storage.deletePrefix(folder);
  return db().$transaction(async (tx) => {
    const marked = await tx.$executeRaw`
      UPDATE inspection SET media_deleted_at = ${now} WHERE id = ${expired.inspectionId}::uuid AND media_deleted_at IS NULL`;
    if (marked === 0) return false;
    // Every read that signs a picture link goes by these keys: cleared, no link names a deleted object.
    await tx.inspectionItem.updateMany({ where: { inspectionId: expired.inspectionId }, data: { stillKey: null } });
    await tx.checklistTap.updateMany({ where: { inspectionId: expired.inspectionId }, data: { liveStillKey: null } });
    await tx.finding.updateMany({ where: { inspectionId: expired.inspectionId }, data: { afterKeys: [], beforeKeys: [] } });
    await recorded(tx, expired);
    return true;
  });
}

/**
 * The daily sweep: every walkthrough past its retention loses its media, each one logged and
 * handed to `recorded` inside the transaction that marks it. Answers how many it deleted.
 */
export async function deleteExpiredMedia(
  recorded: (tx: Tx, expired: ExpiredMedia) => Promise<void>,
  now = new Date(),
): Promise<number> {
  const defaultDays = config().RECORDING_RETENTION_DAYS;
  const stopAt = Date.now() + runBudgetMs;
  let deleted = 0;
  for (;;) {
    const batch = await expiredBatch(now, defaultDays);
    for (const expired of batch) {
      if (Date.now() > stopAt) return deleted;
      if (!(await deleteMedia(expired, now, recorded))) continue;
      deleted += 1;
      log().info(
        { inspectionId: expired.inspectionId, partnerId: expired.partnerId, sealedAt: expired.sealedAt, days: expired.days },
        "walkthrough media deleted by the retention policy",
      );
    }
    if (batch.length < batchSize) return deleted;
  }
}
