import "server-only";
import { pool } from "../db/client";
import type { InspectionStatus } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";
import { type ChecklistBlock, readChecklistBlock } from "./checklist-block";
import { taskIdHashSql } from "../recording/task-id-hash";

export interface InspectionStatusRead {
  /** `pending` until the cleaner opens the link; the inspection's own status from then on. */
  status: "pending" | InspectionStatus;
  inspectionId?: string;
  completedAt?: Date;
  checklist?: ChecklistBlock;
  /** From the seal on: whether its video repeats another walkthrough's (lib/evidence/reuse.ts). */
  reuseSuspected?: boolean;
}

interface Row {
  task_id: string | null;
  inspection_id: string | null;
  status: InspectionStatus | null;
  property_id: string | null;
  checklist: unknown;
  sealed_at: Date | null;
  completed_at: Date | null;
  reuse_suspected: boolean | null;
}

// Workspace, task and inspection in one round trip: the partner polls this.
const sql = `
  SELECT t.id AS task_id, i.id AS inspection_id, i.status, i.property_id, i.checklist, i.sealed_at, i.completed_at,
         (SELECT e.reuse_suspected FROM evidence_record e WHERE e.inspection_id = i.id AND e.kind = 'recording') AS reuse_suspected
  FROM workspace w
  LEFT JOIN task t ON t.workspace_id = w.id AND t.external_id_hash = ${taskIdHashSql("$3")} AND t.external_id = $3
  LEFT JOIN inspection i ON i.task_id = t.id
  WHERE w.partner_id = $1 AND w.external_id = $2`;

/**
 * `GET /v1/inspections?workspace_id=&task_id=` (spec, Recording links and inspections): the status
 * of the task's walkthrough and its checklist results. An unknown workspace (or another
 * partner's) is `404 workspace_not_provisioned`; a task with no recording link in it is
 * `404 task_not_found`.
 */
export async function getInspectionStatus(partnerId: string, workspaceId: string, taskId: string): Promise<InspectionStatusRead> {
  const { rows } = await pool().query<Row>(sql, [partnerId, workspaceId, taskId]);
  const row = rows[0];
  if (!row) throw new ApiError("workspace_not_provisioned");
  if (row.task_id === null)
    throw new ApiError("task_not_found", { message: "No recording link was issued for that task_id in this workspace." });
  if (row.inspection_id === null || row.status === null) return { status: "pending" };
  const checklist = await readChecklistBlock({
    id: row.inspection_id,
    propertyId: row.property_id!,
    checklist: row.checklist,
    sealedAt: row.sealed_at,
  });
  return {
    status: row.status,
    inspectionId: row.inspection_id,
    completedAt: row.completed_at ?? undefined,
    checklist,
    reuseSuspected: row.reuse_suspected ?? undefined,
  };
}
