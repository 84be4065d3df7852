import "server-only";
import { pool } from "../db/client";
import { assertPartnerActive, type Caller } from "../partners/partner-caller";
import { ApiError } from "../errors/api-error";
import { dependencyUnavailable } from "../http/unavailable";
import { log } from "../log";
import { assertWorkspaceKind } from "../workspaces/workspace-kind";
import { assertReturnUrlAllowed, parseReturnUrl } from "./return-url";
import { taskIdHashSql } from "./task-id-hash";
import { decryptRecordingToken, encryptRecordingToken, hashRecordingToken, newRecordingToken } from "./recording-token";

export interface RecordingLinkRequest {
  workspaceId: string;
  taskId: string;
  propertyId: string;
  taskName?: string;
  scheduledDate?: string;
  returnUrl?: string;
}

export interface RecordingLink {
  token: string;
  taskId: string;
  propertyId: string;
  externalPropertyId: string;
  rosterRevision: number;
  /** Spec, Recording link: "echoed when one was supplied", so only the call's own, never the stored one. */
  returnUrl?: string;
}

interface LinkRow {
  workspace_id: string;
  sandbox: boolean;
  roster_revision: number;
  roster_confirmed: boolean;
  in_service: boolean;
  property_id: string | null;
  roster_status: "present" | "inactive" | "unconfirmed" | null;
  billing_active: boolean | null;
  task_id: string | null;
  task_property_id: string | null;
  token_encrypted: string | null;
  return_url: string | null;
}

// Everything the refusals and the answer need, in one round trip (repeat calls are the hot path).
const linkSql = `
  SELECT w.id AS workspace_id, w.sandbox, w.roster_revision, w.roster_confirmed_at IS NOT NULL AS roster_confirmed,
         (w.service_state = 'enabled' AND w.recording_enabled) AS in_service,
         p.id AS property_id, p.roster_status, p.billing_active,
         t.id AS task_id, t.property_id AS task_property_id, t.token_encrypted, t.return_url
  FROM workspace w
  LEFT JOIN property p ON p.workspace_id = w.id AND p.external_id = $3
  LEFT JOIN task t ON t.workspace_id = w.id AND t.external_id_hash = ${taskIdHashSql("$4")} AND t.external_id = $4
  WHERE w.partner_id = $1 AND w.external_id = $2`;

async function readAllowlist(partnerId: string): Promise<string[]> {
  try {
    const result = await pool().query<{ entry: string }>("SELECT entry FROM allowlist_entry WHERE partner_id = $1", [partnerId]);
    return result.rows.map((row) => row.entry);
  } catch (error) {
    log().error({ err: error }, "return_url allowlist could not be read");
    throw dependencyUnavailable(error, "The return_url allowlist cannot be read right now. Retrying is safe.");
  }
}

/** Refusals 1 to 7 of the spec's table, in its order, from the joined row. */
function refuse(row: LinkRow | undefined, caller: Caller): asserts row is LinkRow & { property_id: string } {
  // The other kind's workspace (live or sandbox) answers as an unknown one (lib/workspaces/workspace-kind.ts).
  if (!row || row.sandbox !== caller.sandbox) throw new ApiError("workspace_not_provisioned");
  assertPartnerActive(caller);
  if (!row.roster_confirmed) {
    throw new ApiError("roster_required", { message: "No roster has been confirmed for this workspace yet: send one first." });
  }
  if (row.property_id === null) {
    throw new ApiError("property_not_found", { message: "No property with this property_id in the workspace's roster." });
  }
  if (row.roster_status !== "present") {
    throw new ApiError("property_inactive", { message: "The property was left out of the most recent roster snapshot." });
  }
  if (!row.billing_active) {
    throw new ApiError("property_not_activated", {
      message:
        "The property is in the roster but not switched on yet. Wait a few seconds after an import applies and retry; " +
        "otherwise resend the roster with a new Idempotency-Key or trigger a sync.",
    });
  }
  if (!row.in_service) {
    throw new ApiError("workspace_not_enabled", {
      message: "The account is not in service yet. Wait a few seconds after the first import applies and retry.",
    });
  }
}

/** Refusal 8: a task is bound to one property for its whole life. */
function assertSameProperty(taskPropertyId: string, propertyId: string): void {
  if (taskPropertyId !== propertyId) {
    throw new ApiError("task_property_conflict", {
      message: "This task_id already has a recording link for a different property. A task is bound to one property for life.",
    });
  }
}

interface TaskRow {
  id: string;
  property_id: string;
  token_encrypted: string;
  return_url: string | null;
}

// Nothing when another call created the task first.
const insertTaskSql = `
  INSERT INTO task (id, workspace_id, external_id, external_id_hash, property_id, name, scheduled_date, return_url, token_hash, token_encrypted)
  VALUES (gen_random_uuid(), $1, $2, ${taskIdHashSql("$2")}, $3, $4, $5::date, $6, $7, $8)
  ON CONFLICT (workspace_id, external_id_hash) DO NOTHING
  RETURNING id, property_id, token_encrypted, return_url`;

// Fields carried by the call are set; fields it leaves out keep what is stored.
const updateSql = `
  UPDATE task SET name = COALESCE($2, name), scheduled_date = COALESCE($3::date, scheduled_date),
                  return_url = COALESCE($4, return_url), updated_at = now()
  WHERE id = $1 AND property_id = $5
  RETURNING id, property_id, token_encrypted, return_url`;

async function createTask(row: LinkRow & { property_id: string }, request: RecordingLinkRequest): Promise<TaskRow | undefined> {
  const token = newRecordingToken();
  const created = await pool().query<TaskRow>(insertTaskSql, [
    row.workspace_id,
    request.taskId,
    row.property_id,
    request.taskName ?? null,
    request.scheduledDate ?? null,
    request.returnUrl ?? null,
    hashRecordingToken(token),
    encryptRecordingToken(token),
  ]);
  return created.rows[0];
}

async function updateTask(taskId: string, propertyId: string, request: RecordingLinkRequest): Promise<TaskRow | undefined> {
  const updated = await pool().query<TaskRow>(updateSql, [
    taskId,
    request.taskName ?? null,
    request.scheduledDate ?? null,
    request.returnUrl ?? null,
    propertyId,
  ]);
  return updated.rows[0];
}

/**
 * `GET /v1/recording-link`: get-or-create the task's link (spec, Recording links and inspections).
 * A refused `return_url` comes first (an empty one is `malformed`: it is no URL), then refusals 1 to 8 in the spec's order. Concurrent calls
 * for one new task_id meet on the unique (workspace, task_id) key: one inserts, the rest find it.
 * Never creates a property.
 */
export async function getRecordingLink(caller: Caller, request: RecordingLinkRequest): Promise<RecordingLink> {
  if (request.returnUrl !== undefined) {
    // The operation checks the key's reach itself (reachCheck: "in-handler"): before this
    // refusal, where the pipeline would; without a return_url the link's own read does it.
    await assertWorkspaceKind(caller, request.workspaceId);
    const url = parseReturnUrl(request.returnUrl);
    assertReturnUrlAllowed(url, await readAllowlist(caller.partnerId));
  }
  const found = await pool().query<LinkRow>(linkSql, [caller.partnerId, request.workspaceId, request.propertyId, request.taskId]);
  const row = found.rows[0];
  refuse(row, caller);

  let task: TaskRow | undefined;
  if (row.task_id !== null) {
    assertSameProperty(row.task_property_id!, row.property_id);
    const changes = request.taskName !== undefined || request.scheduledDate !== undefined || request.returnUrl !== undefined;
    task = changes
      ? await updateTask(row.task_id, row.property_id, request)
      : {
          id: row.task_id,
          property_id: row.task_property_id!,
          token_encrypted: row.token_encrypted!,
          return_url: row.return_url,
        };
  } else {
    task = await createTask(row, request);
    if (!task) {
      // Another call created it between the read and the insert: bound to which property?
      const winner = await pool().query<{ id: string; property_id: string }>(
        `SELECT id, property_id FROM task WHERE workspace_id = $1 AND external_id_hash = ${taskIdHashSql("$2")} AND external_id = $2`,
        [row.workspace_id, request.taskId],
      );
      assertSameProperty(winner.rows[0]!.property_id, row.property_id);
      task = await updateTask(winner.rows[0]!.id, row.property_id, request);
    }
  }
  if (!task) throw new Error("recording link task vanished");
  return {
    token: decryptRecordingToken(task.token_encrypted),
    taskId: request.taskId,
    propertyId: task.property_id,
    externalPropertyId: request.propertyId,
    rosterRevision: row.roster_revision,
    returnUrl: request.returnUrl,
  };
}
