import "server-only";
import { config } from "../config";
import { db } from "../db/client";

export interface ReviewQueueEntry {
  inspectionId: string;
  workspaceId: string;
  taskId: string;
  homeName: string;
  partnerName: string;
  taskName?: string;
  pendingItems: number;
  pendingFindings: number;
  /** Waiting items and findings the provider judged below ANALYSIS_CONFIDENCE_MIN. */
  unsure: number;
  /** Waiting items where the provider disagrees with itself: its live verdict on the tap's still and its verdict on the video. */
  contradicted: number;
  sealedAt: Date;
  /** Minutes since the seal: the cleaner's wait for a result. */
  waitingMinutes: number;
  /** Sealed more than `reviewOverdueHours` ago: staff should see to it before the 2-day rule drops its event. */
  overdue: boolean;
  /** The reviewer holding it now (lib/review/review-holds.ts), as a person reads it. */
  heldBy?: string;
  heldByUserId?: string;
  /** Its video repeats another walkthrough's (the recording record's reuse flag, lib/evidence/reuse.ts). */
  reuseSuspected: boolean;
}

/**
 * Half the spec's 2 days: a report released more than 2 days after the seal still completes but
 * sends no `inspection.completed` (lib/inspections/completed-event.ts), so staff are warned a day ahead.
 */
export const reviewOverdueHours = 24;

interface Row {
  id: string;
  workspace: string;
  task: string;
  home: string;
  partner: string;
  task_name: string | null;
  items: number;
  findings: number;
  unsure: number;
  contradicted: number;
  sealed_at: Date;
  waiting_minutes: number;
  overdue: boolean;
  holder_id: string | null;
  holder: string | null;
  reuse_suspected: boolean;
}

/**
 * Sealed walkthroughs whose report waits for staff: analysed (or handed over) but not released,
 * oldest seal first (the 2 days of the event run from it), flagged once overdue, with the
 * provider's doubts counted and the reviewer holding each.
 */
export async function listReviewQueue(limit = 200): Promise<ReviewQueueEntry[]> {
  const confidenceMin = config().ANALYSIS_CONFIDENCE_MIN;
  const rows = await db().$queryRaw<Row[]>`
    SELECT i.id, w.external_id AS workspace, t.external_id AS task, p.name AS home, pa.name AS partner, t.name AS task_name,
           i.sealed_at, floor(extract(epoch FROM now() - i.sealed_at) / 60)::int AS waiting_minutes,
           i.sealed_at < now() - make_interval(hours => ${reviewOverdueHours}) AS overdue,
           (SELECT count(*)::int FROM inspection_item x WHERE x.inspection_id = i.id AND x.state = 'pending') AS items,
           (SELECT count(*)::int FROM finding f WHERE f.inspection_id = i.id AND f.review_needed AND NOT f.rejected) AS findings,
           (SELECT count(*)::int FROM inspection_item x WHERE x.inspection_id = i.id AND x.state = 'pending'
              AND x.provider_confidence < ${confidenceMin})
           + (SELECT count(*)::int FROM finding f WHERE f.inspection_id = i.id AND f.review_needed AND NOT f.rejected
              AND f.confidence < ${confidenceMin}) AS unsure,
           (SELECT count(*)::int FROM inspection_item x WHERE x.inspection_id = i.id AND x.state = 'pending'
              AND x.provider_state IS NOT NULL
              AND EXISTS (SELECT 1 FROM checklist_tap c WHERE c.inspection_id = i.id AND c.item_id = x.item_id
                          AND c.live_state IS NOT NULL AND c.live_state <> x.provider_state)) AS contradicted,
           l.holder_id, COALESCE(u.name, u.email) AS holder,
           COALESCE((SELECT e.reuse_suspected FROM evidence_record e WHERE e.inspection_id = i.id AND e.kind = 'recording'), false)
             AS reuse_suspected
    FROM inspection i
    JOIN workspace w ON w.id = i.workspace_id
    JOIN partner pa ON pa.id = w.partner_id
    JOIN task t ON t.id = i.task_id
    JOIN property p ON p.id = i.property_id
    LEFT JOIN review_lease l ON l.inspection_id = i.id AND l.expires_at > now()
    LEFT JOIN "user" u ON u.id = l.holder_id
    WHERE i.status = 'processing' AND i.analyzed_at IS NOT NULL
      -- A sandbox walkthrough's answers are sure (lib/sandbox); staff never see one.
      AND NOT w.sandbox
    ORDER BY i.sealed_at, i.id
    LIMIT ${limit}`;
  return rows.map((row) => ({
    inspectionId: row.id,
    workspaceId: row.workspace,
    taskId: row.task,
    homeName: row.home,
    partnerName: row.partner,
    taskName: row.task_name ?? undefined,
    pendingItems: row.items,
    pendingFindings: row.findings,
    unsure: row.unsure,
    contradicted: row.contradicted,
    sealedAt: row.sealed_at,
    waitingMinutes: row.waiting_minutes,
    overdue: row.overdue,
    heldBy: row.holder ?? undefined,
    heldByUserId: row.holder_id ?? undefined,
    reuseSuspected: row.reuse_suspected,
  }));
}
