import "server-only";
import type { Tx } from "../db/client";
import type { RosterImport } from "../generated/prisma/client";
import { enqueue } from "../queue/enqueue";
import type { NormalizedSnapshot } from "./normalize-snapshot";

export interface NewRun {
  workspaceId: string;
  source: "push" | "pull";
  idempotencyKey?: string;
  /** SHA-256 of a pushed request's body, so that a byte-identical retry is answered unparsed. */
  requestDigest?: string;
  baseRevision: number;
  snapshot: NormalizedSnapshot;
}

/**
 * Records a queued run and enqueues its apply job in the caller's transaction, so a run never
 * exists without its job (or a job without its run). Returns undefined when a push run with
 * this Idempotency-Key already exists in the workspace.
 */
export async function createRosterRun(tx: Tx, run: NewRun): Promise<RosterImport | undefined> {
  const { snapshot } = run;
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO roster_import (
      id, workspace_id, source, idempotency_key, request_digest, snapshot_hash, status, observed_at, base_revision,
      total_count, active_count, inactive_count, missing_address_count, allow_empty, acknowledge_inactive_count, snapshot)
    VALUES (
      gen_random_uuid(), ${run.workspaceId}::uuid, ${run.source}::"RosterSource", ${run.idempotencyKey ?? null},
      ${run.requestDigest ?? null},
      ${snapshot.hash}, 'queued', ${snapshot.observedAt}, ${run.baseRevision},
      ${snapshot.counts.total}, ${snapshot.counts.active}, ${snapshot.counts.inactive},
      ${snapshot.counts.missing_address}, ${snapshot.allowEmpty}, ${snapshot.acknowledgeInactiveCount ?? null},
      ${JSON.stringify(snapshot.items)}::jsonb)
    ON CONFLICT (workspace_id, idempotency_key) DO NOTHING
    RETURNING id`;
  const id = inserted[0]?.id;
  if (!id) return undefined;
  await enqueue("apply-roster-import", { importId: id }, { tx });
  return withoutSnapshot(await tx.rosterImport.findUniqueOrThrow({ where: { id }, omit: { snapshot: true } }));
}

/**
 * A run as read without its snapshot: callers answer with the run's status and counts, and
 * reading back the roster just written (a few MB of JSON for 10,000 properties) costs tens of
 * milliseconds per submission. Only the apply job reads the snapshot.
 */
export function withoutSnapshot(run: Omit<RosterImport, "snapshot">): RosterImport {
  return { ...run, snapshot: null };
}
