import "server-only";
import type { Tx } from "../db/client";

export interface PullWorkspace {
  syncMode: "push" | "pull";
  hasFeed: boolean;
}

/**
 * Locks the workspace row for the rest of the transaction and reads whether it pulls. Every
 * "is a sync open? if not, start one" decision runs under this lock, so two requests or two
 * schedulers cannot both start a pull. NO KEY: runs and syncs that merely reference the
 * workspace must not wait behind it.
 */
export async function lockPullWorkspace(tx: Tx, workspaceId: string): Promise<PullWorkspace | undefined> {
  const [row] = await tx.$queryRaw<{ sync_mode: "push" | "pull"; has_feed: boolean }[]>`
    SELECT w.sync_mode::text AS sync_mode, f.workspace_id IS NOT NULL AS has_feed
    FROM workspace w LEFT JOIN roster_feed f ON f.workspace_id = w.id
    WHERE w.id = ${workspaceId}::uuid
    FOR NO KEY UPDATE OF w`;
  return row && { syncMode: row.sync_mode, hasFeed: row.has_feed };
}
