import "server-only";
import { db } from "../db/client";
import type { RosterImport, Workspace } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { checkSnapshot } from "./check-snapshot";
import { createRosterRun, withoutSnapshot } from "./create-roster-run";
import { normalizeSnapshot } from "./normalize-snapshot";
import type { RosterSnapshotBody } from "./schemas";

export interface SubmitInput {
  partnerId: string;
  workspace: Workspace;
  idempotencyKey: string;
  body: RosterSnapshotBody;
  requestDigest?: string;
  /** Runs only for a new submission: replays are not rate limited. */
  beforeCreate?: () => Promise<void>;
}

/** The push run created with this Idempotency-Key in the workspace, without its snapshot. */
export async function findRunByKey(workspaceId: string, idempotencyKey: string): Promise<RosterImport | null> {
  const run = await db().rosterImport.findUnique({
    where: { workspaceId_idempotencyKey: { workspaceId, idempotencyKey } },
    omit: { snapshot: true },
  });
  return run && withoutSnapshot(run);
}

function replayOrConflict(existing: RosterImport, hash: string): { run: RosterImport; replayed: true } {
  if (existing.snapshotHash !== hash) {
    throw new ApiError("idempotency_conflict", {
      message: "This Idempotency-Key was already used for a different roster. Use a fresh key for a new import.",
      detail: { import_id: existing.id },
    });
  }
  return { run: existing, replayed: true };
}

/**
 * Push: the synchronous checks, then create-or-replay keyed on (workspace, Idempotency-Key)
 * and compared over the normalized snapshot. A replay returns the run at whatever status it reached.
 */
export async function submitRosterImport(input: SubmitInput): Promise<{ run: RosterImport; replayed: boolean }> {
  const partner = await db().partner.findUniqueOrThrow({ where: { id: input.partnerId }, select: { rosterMax: true } });
  checkSnapshot(input.body, partner.rosterMax);
  const snapshot = normalizeSnapshot(input.body);
  const { workspace, idempotencyKey } = input;

  const existing = await findRunByKey(workspace.id, idempotencyKey);
  if (existing) return replayOrConflict(existing, snapshot.hash);

  await input.beforeCreate?.();
  const created = await db().$transaction((tx) =>
    createRosterRun(tx, {
      workspaceId: workspace.id,
      source: "push",
      idempotencyKey,
      requestDigest: input.requestDigest,
      baseRevision: workspace.rosterRevision,
      snapshot,
    }),
  );
  if (created) return { run: created, replayed: false };
  // A concurrent request with the same key won the insert.
  const winner = await findRunByKey(workspace.id, idempotencyKey);
  if (!winner) throw new Error("roster run vanished after an idempotency race");
  return replayOrConflict(winner, snapshot.hash);
}
