import "server-only";
import { db } from "../db/client";
import { requireFeedWorkspace } from "./require-feed-workspace";

/**
 * Removes a workspace's feed and switches it back to push. A sync still queued or running
 * ends `failed` with no run: nothing was pulled, and a poll that finishes later finds its
 * sync ended and records nothing. Runs and syncs already made stay as they are.
 */
export async function clearRosterFeed(partnerId: string, workspaceId: string): Promise<{ removed: boolean }> {
  return db().$transaction(async (tx) => {
    const workspace = await requireFeedWorkspace(partnerId, workspaceId, tx);
    await tx.$queryRaw`SELECT 1 FROM workspace WHERE id = ${workspace.id}::uuid FOR NO KEY UPDATE`;
    const removed = await tx.rosterFeed.deleteMany({ where: { workspaceId: workspace.id } });
    await tx.rosterSync.updateMany({
      where: { workspaceId: workspace.id, status: { in: ["queued", "running"] } },
      data: { status: "failed", finishedAt: new Date() },
    });
    await tx.workspace.update({ where: { id: workspace.id }, data: { syncMode: "push" } });
    return { removed: removed.count > 0 };
  });
}
