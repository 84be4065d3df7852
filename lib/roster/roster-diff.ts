import "server-only";
import type { Tx } from "../db/client";
import { detailsDiffer, incomingRows } from "./roster-columns";

export interface RosterDiff {
  created: number;
  updated: number;
  deactivated: number;
  reactivated: number;
}

/**
 * What applying the staged snapshot (stageIncoming) would change, counted before anything is written. Each held
 * property lands in at most one bucket: a status change wins over a details change.
 */
export async function computeRosterDiff(tx: Tx, workspaceId: string): Promise<RosterDiff> {
  const [listed] = await tx.$queryRawUnsafe<{ created: bigint; updated: bigint; deactivated: bigint; reactivated: bigint }[]>(
    `SELECT
       count(*) FILTER (WHERE p.id IS NULL) AS created,
       count(*) FILTER (WHERE p.roster_status = 'inactive' AND i.status = 'active') AS reactivated,
       count(*) FILTER (WHERE p.roster_status = 'present' AND i.status = 'inactive') AS deactivated,
       count(*) FILTER (WHERE p.id IS NOT NULL
         AND NOT (p.roster_status = 'inactive' AND i.status = 'active')
         AND NOT (p.roster_status = 'present' AND i.status = 'inactive')
         AND ${detailsDiffer}) AS updated
     FROM ${incomingRows}
     LEFT JOIN property p ON p.workspace_id = $1::uuid AND p.external_id = i.external_id`,
    workspaceId,
  );
  const [omitted] = await tx.$queryRawUnsafe<{ count: bigint }[]>(
    `SELECT count(*) FROM property p
     WHERE p.workspace_id = $1::uuid AND p.roster_status = 'present'
       AND NOT EXISTS (SELECT 1 FROM ${incomingRows} WHERE i.external_id = p.external_id)`,
    workspaceId,
  );
  return {
    created: Number(listed?.created ?? 0),
    updated: Number(listed?.updated ?? 0),
    reactivated: Number(listed?.reactivated ?? 0),
    deactivated: Number(listed?.deactivated ?? 0) + Number(omitted?.count ?? 0),
  };
}
