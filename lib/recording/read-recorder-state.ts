import "server-only";
import { pool } from "../db/client";
import type { InspectionStatus } from "../generated/prisma/enums";
import type { RecorderTask } from "./find-recorder-task";
import { type RecorderState, recorderState } from "./recorder-state";
import { returnUrlWithResult } from "./return-url";

export interface RecorderStateAnswer {
  state: RecorderState;
  inspectionId?: string;
  /** Only once sealed, and only when the task has a return_url: where the app navigates. */
  returnUrl?: string;
}

/** What the recording app polls after Done: is the walkthrough sealed yet, and where to go then. */
export async function readRecorderState(task: RecorderTask): Promise<RecorderStateAnswer> {
  const { rows } = await pool().query<{
    return_url: string | null;
    id: string | null;
    status: InspectionStatus | null;
    finished_at: Date | null;
    sealed_at: Date | null;
  }>(
    `SELECT t.return_url, i.id, i.status, i.finished_at, i.sealed_at
     FROM task t LEFT JOIN inspection i ON i.task_id = t.id WHERE t.id = $1`,
    [task.taskId],
  );
  const row = rows[0]!;
  const state = recorderState(
    row.status ? { status: row.status, finishedAt: row.finished_at, sealedAt: row.sealed_at } : undefined,
  );
  const returnUrl = state === "sealed" && row.return_url && row.id ? returnUrlWithResult(row.return_url, row.id) : undefined;
  return { state, inspectionId: row.id ?? undefined, returnUrl };
}
