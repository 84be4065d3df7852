import "server-only";
import { db } from "../db/client";
import { refreshWorkspaceCounts } from "./workspace-counts";

/**
 * Switches on every present property and off every other one, and puts the account into
 * service after its first applied roster. Idempotent: it converges on the current roster,
 * so a late or repeated activation is harmless.
 */
export async function activateRoster(workspaceId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    // NO KEY: new runs reference the workspace (a key-share lock) and must not wait behind activation.
    await tx.$queryRaw`SELECT 1 FROM workspace WHERE id = ${workspaceId}::uuid FOR NO KEY UPDATE`;
    await tx.$executeRaw`
      UPDATE property SET billing_active = (roster_status = 'present'), updated_at = now()
      WHERE workspace_id = ${workspaceId}::uuid AND billing_active IS DISTINCT FROM (roster_status = 'present')`;
    await refreshWorkspaceCounts(tx, workspaceId);
    await tx.workspace.updateMany({
      where: { id: workspaceId, serviceState: "pending_setup", rosterRevision: { gt: 0 } },
      data: { serviceState: "enabled", recordingEnabled: true },
    });
  });
}
