import "server-only";
import { db } from "../db/client";

export interface ReviewQueueEntry {
  inspectionId: string;
  workspaceId: string;
  taskId: string;
  pendingItems: number;
  pendingFindings: number;
  sealedAt: Date;
  /** Sealed more than `reviewOverdueHours` ago: staff should see to it before the 2-day rule drops its event. */
  overdue: boolean;
}

/**
 * Half the spec's 2 days: a report released more than 2 days after the seal still completes but
 * sends no `inspection.completed` (lib/inspections/completed-event.ts), so staff are warned a day ahead.
 */
export const reviewOverdueHours = 24;

/**
 * Sealed walkthroughs whose report waits for staff: analysed (or handed over) but not released,
 * oldest seal first (the 2 days of the event run from it), flagged once overdue.
 */
export async function listReviewQueue(limit = 200): Promise<ReviewQueueEntry[]> {
  const rows = await db().$queryRaw<
    { id: string; workspace: string; task: string; items: number; findings: number; sealed_at: Date; overdue: boolean }[]
  >`
    SELECT i.id, w.external_id AS workspace, t.external_id AS task, i.sealed_at,
           i.sealed_at < now() - make_interval(hours => ${reviewOverdueHours}) AS overdue,
           (SELECT count(*)::int FROM inspection_item x WHERE x.inspection_id = i.id AND x.state = 'pending') AS items,
           (SELECT count(*)::int FROM finding f WHERE f.inspection_id = i.id AND f.review_needed AND NOT f.rejected) AS findings
    FROM inspection i
    JOIN workspace w ON w.id = i.workspace_id
    JOIN task t ON t.id = i.task_id
    WHERE i.status = 'processing' AND i.analyzed_at IS NOT NULL
    ORDER BY i.sealed_at, i.id
    LIMIT ${limit}`;
  return rows.map((row) => ({
    inspectionId: row.id,
    workspaceId: row.workspace,
    taskId: row.task,
    pendingItems: row.items,
    pendingFindings: row.findings,
    sealedAt: row.sealed_at,
    overdue: row.overdue,
  }));
}
