import "server-only";
import { db } from "../db/client";
import { syncLifetimeMs } from "./feed-limits";
import { recordPullFailure } from "./record-pull-failure";

// Abandoned syncs are ended within minutes of their lifetime; a week back is ample to catch stragglers.
const lookBackMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Ends `failed` every sync of a pull workspace that outlived all of its attempts: a worker
 * killed on the last one leaves no one else to end it. Walks the feeds and each one's recent
 * syncs by index, never the whole sync history.
 */
export async function endAbandonedSyncs(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - syncLifetimeMs);
  const from = new Date(cutoff.getTime() - lookBackMs);
  const stuck = await db().$queryRaw<{ id: string }[]>`
    SELECT s.id FROM roster_feed f
    JOIN roster_sync s ON s.workspace_id = f.workspace_id AND s.created_at >= ${from} AND s.created_at < ${cutoff}
    WHERE s.status IN ('queued', 'running')
    LIMIT 100`;
  let ended = 0;
  for (const { id } of stuck) {
    const importId = await recordPullFailure({
      syncId: id,
      code: "internal_error",
      detail: { message: "The poll did not finish (its worker stopped). Nothing changed; the next sync tries again." },
    });
    if (importId) ended++;
  }
  return ended;
}
