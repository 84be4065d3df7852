import { db } from "../db/client";

export interface ReviewQueueEntry {
  inspectionId: string;
  workspaceId: string;
  taskId: string;
  pendingItems: number;
  pendingFindings: number;
  sealedAt: Date;
}

/**
 * Sealed walkthroughs whose report waits for staff: analysed (or handed over) but not released,
 * oldest seal first (the 2-day deadline runs from it).
 */
export async function listReviewQueue(limit = 200): Promise<ReviewQueueEntry[]> {
  const rows = await db().$queryRaw<{ id: string; workspace: string; task: string; items: number; findings: number; sealed_at: Date }[]>`
    SELECT i.id, w.external_id AS workspace, t.external_id AS task, i.sealed_at,
           (SELECT count(*)::int FROM inspection_item x WHERE x.inspection_id = i.id AND x.state = 'pending') AS items,
           (SELECT count(*)::int FROM finding f WHERE f.inspection_id = i.id AND f.review_needed AND NOT f.rejected) AS findings
    FROM inspection i
    JOIN workspace w ON w.id = i.workspace_id
    JOIN task t ON t.id = i.task_id
    WHERE i.status = 'processing' AND i.analyzed_at IS NOT NULL
    ORDER BY i.sealed_at, i.id
    LIMIT ${limit}`;
  return rows.map((row) => ({ inspectionId: row.id, workspaceId: row.workspace, taskId: row.task, pendingItems: row.items, pendingFindings: row.findings, sealedAt: row.sealed_at }));
}
