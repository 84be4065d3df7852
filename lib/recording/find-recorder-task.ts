import "server-only";
import { pool } from "../db/client";
import { hashRecordingToken, looksLikeRecordingToken } from "./recording-token";

/** What every recorder call knows about the link it came through. */
export interface RecorderTask {
  taskId: string;
  workspaceId: string;
  propertyId: string;
  partnerId: string;
  /** Absent until the cleaner opens the link. */
  inspectionId?: string;
}

interface Row {
  task_id: string;
  workspace_id: string;
  property_id: string;
  partner_id: string;
  inspection_id: string | null;
}

const sql = `
  SELECT t.id AS task_id, t.workspace_id, t.property_id, w.partner_id, i.id AS inspection_id
  FROM task t
  JOIN workspace w ON w.id = t.workspace_id
  LEFT JOIN inspection i ON i.task_id = t.id
  WHERE t.token_hash = $1`;

/**
 * The task a recording token belongs to, found by the token's SHA-256 (the token itself is never
 * stored in the clear), or undefined for a token no link was issued with.
 */
export async function findRecorderTask(token: string): Promise<RecorderTask | undefined> {
  if (!looksLikeRecordingToken(token)) return undefined;
  const { rows } = await pool().query<Row>(sql, [hashRecordingToken(token)]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    taskId: row.task_id,
    workspaceId: row.workspace_id,
    propertyId: row.property_id,
    partnerId: row.partner_id,
    inspectionId: row.inspection_id ?? undefined,
  };
}
