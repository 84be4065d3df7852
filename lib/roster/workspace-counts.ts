import "server-only";
import type { Tx } from "../db/client";

/** Recomputes the workspace's roster counts from its properties; call inside the locked transaction. */
export async function refreshWorkspaceCounts(tx: Tx, workspaceId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE workspace w SET
      present_count = c.present,
      inactive_count = c.inactive,
      unconfirmed_count = c.unconfirmed,
      missing_address_count = c.missing_address,
      billing_active_count = c.billing_active
    FROM (
      SELECT
        count(*) FILTER (WHERE roster_status = 'present') AS present,
        count(*) FILTER (WHERE roster_status = 'inactive') AS inactive,
        count(*) FILTER (WHERE roster_status = 'unconfirmed') AS unconfirmed,
        count(*) FILTER (WHERE roster_status = 'present' AND address_unavailable_reason IS NOT NULL) AS missing_address,
        count(*) FILTER (WHERE billing_active) AS billing_active
      FROM property WHERE workspace_id = ${workspaceId}::uuid
    ) c
    WHERE w.id = ${workspaceId}::uuid`;
}
