import "server-only";
import type { Tx } from "../db/client";

/**
 * Locks a sync that has not ended and returns its workspace, or undefined when it already
 * ended. A poll writes its outcome only through this, so of two attempts (a retried one and
 * a late one) or an attempt and the sweep, exactly one records anything.
 */
export async function lockOpenSync(tx: Tx, syncId: string): Promise<{ workspaceId: string } | undefined> {
  const [row] = await tx.$queryRaw<{ workspace_id: string; status: string }[]>`
    SELECT workspace_id, status::text AS status FROM roster_sync WHERE id = ${syncId}::uuid FOR UPDATE`;
  if (!row || row.status === "succeeded" || row.status === "failed") return undefined;
  return { workspaceId: row.workspace_id };
}
