import "server-only";
import { pool } from "../db/client";
import type { InspectionStatus } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../validation/uuid";

export interface PartnerInspection {
  id: string;
  propertyId: string;
  status: InspectionStatus;
  checklist: unknown;
  sealedAt: Date | null;
  completedAt: Date | null;
  /** Why it ended `failed`; null on any other status. */
  failureReason: string | null;
  /** When the retention policy deleted its video and pictures (lib/recording/media-retention.ts). */
  mediaDeletedAt: Date | null;
}

/**
 * An inspection of one of the partner's workspaces, by our id: an unknown workspace (or another
 * partner's) is `404 workspace_not_provisioned`; an unknown id, or another workspace's, the same
 * `404 not_found`.
 */
export async function findPartnerInspection(
  partnerId: string,
  workspaceId: string,
  inspectionId: string,
): Promise<PartnerInspection> {
  const { rows } = await pool().query<{
    workspace: string;
    id: string | null;
    property_id: string;
    status: InspectionStatus;
    checklist: unknown;
    sealed_at: Date | null;
    completed_at: Date | null;
    failure_reason: string | null;
    media_deleted_at: Date | null;
  }>(
    `SELECT w.id AS workspace, i.id, i.property_id, i.status, i.checklist, i.sealed_at, i.completed_at, i.failure_reason,
       i.media_deleted_at
     FROM workspace w LEFT JOIN inspection i ON i.workspace_id = w.id AND i.id = $3::uuid
     WHERE w.partner_id = $1 AND w.external_id = $2`,
    [partnerId, workspaceId, isUuid(inspectionId) ? inspectionId : null],
  );
  const row = rows[0];
  if (!row) throw new ApiError("workspace_not_provisioned");
  if (row.id === null) throw new ApiError("not_found", { message: "No such inspection in this workspace." });
  return {
    id: row.id,
    propertyId: row.property_id,
    status: row.status,
    checklist: row.checklist,
    sealedAt: row.sealed_at,
    completedAt: row.completed_at,
    failureReason: row.failure_reason,
    mediaDeletedAt: row.media_deleted_at,
  };
}
