import "server-only";
import { pool } from "../db/client";
import type { ChecklistItemState, InspectionStatus } from "../generated/prisma/enums";
import { mediaStorage } from "../media/media-storage";
import { explainable } from "./explain-item";
import type { RecorderTask } from "./find-recorder-task";
import { type ChecklistSection, parseChecklistSections } from "./open-inspection";
import { type RecorderState, recorderState } from "./recorder-state";

export interface StoredPartInfo {
  partNumber: number;
  run: number;
  size: number;
  sha256: string;
}

export interface ItemResult {
  itemId: string;
  name: string;
  state: ChecklistItemState;
  reason?: string;
  timestampSeconds?: number;
  imageUrl?: string;
  /** The cleaner may explain it now (explain-item.ts). */
  explainable: boolean;
}

/** Everything the recording app needs to show a link's walkthrough, and to resume it. */
export interface RecorderSession {
  inspectionId?: string;
  state: RecorderState;
  propertyName: string;
  taskName?: string;
  scheduledDate?: string;
  partnerName: string;
  checklist: ChecklistSection[];
  hasReturnUrl: boolean;
  parts: StoredPartInfo[];
  /** The highest checklist tap `seq` stored. */
  eventsSeq: number;
  results: ItemResult[];
}

interface HeadRow {
  property_name: string;
  task_name: string | null;
  scheduled_date: string | null;
  return_url: string | null;
  partner_name: string;
  inspection_id: string | null;
  status: InspectionStatus | null;
  finished_at: Date | null;
  sealed_at: Date | null;
  checklist: unknown;
  events_seq: number | null;
}

const headSql = `
  SELECT p.name AS property_name, t.name AS task_name, to_char(t.scheduled_date, 'YYYY-MM-DD') AS scheduled_date,
         t.return_url, pa.name AS partner_name, i.id AS inspection_id, i.status, i.finished_at, i.sealed_at, i.checklist,
         (SELECT max(seq) FROM checklist_tap c WHERE c.inspection_id = i.id) AS events_seq
  FROM task t
  JOIN property p ON p.id = t.property_id
  JOIN workspace w ON w.id = t.workspace_id
  JOIN partner pa ON pa.id = w.partner_id
  LEFT JOIN inspection i ON i.task_id = t.id
  WHERE t.id = $1`;

interface ResultRow {
  item_id: string;
  name: string;
  state: ChecklistItemState;
  reason: string | null;
  timestamp_seconds: number | null;
  still_key: string | null;
  live_still_key: string | null;
  staff_state: string | null;
}

/*
 * An item's picture for the cleaner: the still cut from the sealed video at its tap (or the frame
 * the analysis chose, stored under the same key), else the still the phone sent with its latest
 * check while filming (the frame the live check judged). An item never checked off has neither;
 * the report shows no other picture for a checklist item (baseline photos are references, not
 * the item's picture), so neither does the recorder.
 */
const resultsSql = `
  SELECT ii.item_id, ii.name, ii.state, ii.reason, ii.timestamp_seconds, ii.still_key, ii.staff_state::text,
         (SELECT c.live_still_key FROM checklist_tap c
           WHERE c.inspection_id = ii.inspection_id AND c.item_id = ii.item_id AND c.action = 'check' AND c.live_still_key IS NOT NULL
           ORDER BY c.seq DESC LIMIT 1) AS live_still_key
  FROM inspection_item ii WHERE ii.inspection_id = $1 ORDER BY ii.position`;

async function readResults(inspectionId: string, status: InspectionStatus | null): Promise<ItemResult[]> {
  const { rows } = await pool().query<ResultRow>(resultsSql, [inspectionId]);
  return Promise.all(
    rows.map(async (row) => {
      const pictureKey = row.still_key ?? row.live_still_key;
      return {
        itemId: row.item_id,
        name: row.name,
        state: row.state,
        reason: row.reason ?? undefined,
        timestampSeconds: row.timestamp_seconds ?? undefined,
        imageUrl: pictureKey ? (await mediaStorage().signedUrl(pictureKey)).url : undefined,
        explainable: explainable({ state: row.state, staffState: row.staff_state }, status),
      };
    }),
  );
}

async function readParts(inspectionId: string): Promise<StoredPartInfo[]> {
  const { rows } = await pool().query<{ part_number: number; run: number; size: number; sha256: string }>(
    "SELECT part_number, run, size, sha256 FROM recording_part WHERE inspection_id = $1 ORDER BY part_number",
    [inspectionId],
  );
  return rows.map((row) => ({ partNumber: row.part_number, run: row.run, size: row.size, sha256: row.sha256 }));
}

export async function readRecorderSession(task: RecorderTask): Promise<RecorderSession> {
  const { rows } = await pool().query<HeadRow>(headSql, [task.taskId]);
  const head = rows[0]!;
  const inspectionId = head.inspection_id ?? undefined;
  const state = recorderState(
    head.status ? { status: head.status, finishedAt: head.finished_at, sealedAt: head.sealed_at } : undefined,
  );
  const [parts, results] = inspectionId
    ? await Promise.all([readParts(inspectionId), readResults(inspectionId, head.status)])
    : [[], []];
  return {
    inspectionId,
    state,
    propertyName: head.property_name,
    taskName: head.task_name ?? undefined,
    scheduledDate: head.scheduled_date ?? undefined,
    partnerName: head.partner_name,
    checklist: inspectionId ? parseChecklistSections(head.checklist) : [],
    hasReturnUrl: head.return_url !== null,
    parts,
    eventsSeq: head.events_seq ?? 0,
    results,
  };
}
