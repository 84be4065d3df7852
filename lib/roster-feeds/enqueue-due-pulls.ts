import "server-only";
import { db, type Tx } from "../db/client";
import { createRosterSync } from "./create-roster-sync";
import { syncLifetimeMs } from "./feed-limits";
import { lockPullWorkspace } from "./lock-pull-workspace";
import { minuteOfDay, utcDayStart } from "./poll-slot";

// Enough for a minute's share of a very large fleet; what is left is still due next minute.
const defaultBatch = 500;

/**
 * Feeds whose latest slot (lib/roster-feeds/poll-slot.ts: today's `poll_minute` if it has come,
 * else yesterday's) has passed since the feed was set, with no sync requested since that slot
 * and none open. Open syncs are looked for among the recent ones only (an older one is
 * abandoned), so each workspace costs an index range of about a day's syncs.
 */
function dueFeeds(tx: Tx, now: Date, limit: number, workspaceId: string | null) {
  const dayStart = utcDayStart(now);
  const activeSince = new Date(now.getTime() - syncLifetimeMs);
  return tx.$queryRaw<{ workspace_id: string }[]>`
    WITH slots AS (
      SELECT f.workspace_id, f.created_at,
        ${dayStart}::timestamptz + make_interval(mins => f.poll_minute)
          - CASE WHEN f.poll_minute > ${minuteOfDay(now)}::int THEN interval '24 hours' ELSE interval '0 hours' END AS slot
      FROM roster_feed f
      WHERE ${workspaceId}::uuid IS NULL OR f.workspace_id = ${workspaceId}::uuid
    )
    SELECT s.workspace_id FROM slots s
    JOIN workspace w ON w.id = s.workspace_id AND w.sync_mode = 'pull'
    WHERE s.slot >= s.created_at
      AND NOT EXISTS (
        SELECT 1 FROM roster_sync r
        WHERE r.workspace_id = s.workspace_id
          AND r.created_at >= LEAST(s.slot, ${activeSince}::timestamptz)
          AND (r.created_at >= s.slot OR r.status IN ('queued', 'running')))
    ORDER BY s.slot
    LIMIT ${limit}`;
}

/** Re-decided under the workspace lock: of several schedulers looking at once, one starts the pull. */
async function enqueueIfDue(workspaceId: string, now: Date): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const locked = await lockPullWorkspace(tx, workspaceId);
    if (!locked?.hasFeed) return false;
    const [due] = await dueFeeds(tx, now, 1, workspaceId);
    if (!due) return false;
    await createRosterSync(tx, { workspaceId, trigger: "schedule", requestedAt: now });
    return true;
  });
}

/**
 * The daily schedule's step, run every minute: one scheduled sync for each feed that is due
 * at `now`. Taking the clock as a parameter lets a test play a day in a few calls. Safe to run
 * from several processes at once: each start is decided under the workspace's row lock and
 * stamped with `now`, so a second look at the same slot finds the sync and skips.
 */
export async function enqueueDueRosterPulls(options: { now: Date; limit?: number }): Promise<number> {
  const candidates = await dueFeeds(db(), options.now, options.limit ?? defaultBatch, null);
  let started = 0;
  for (const { workspace_id: workspaceId } of candidates) {
    if (await enqueueIfDue(workspaceId, options.now)) started++;
  }
  return started;
}
