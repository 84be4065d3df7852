import "server-only";
import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { createRosterRun } from "../roster/create-roster-run";
import { normalizeSnapshot } from "../roster/normalize-snapshot";
import type { RosterSnapshotBody } from "../roster/schemas";
import { lockOpenSync } from "./lock-open-sync";

export interface PullSuccess {
  syncId: string;
  /** The roster revision when the poll began: the run is rejected like a push if it moved. */
  baseRevision: number;
  body: RosterSnapshotBody;
}

/**
 * A feed read in full becomes a roster import run with `source: pull`, created and enqueued
 * exactly as a push's is; from here the push's run rules decide (revision lock, empty and
 * more-than-half safeguards, apply, activation). The sync succeeded: it produced a run.
 */
export async function recordPullSuccess(input: PullSuccess): Promise<string | undefined> {
  const snapshot = normalizeSnapshot(input.body);
  return db().$transaction(
    async (tx) => {
      const open = await lockOpenSync(tx, input.syncId);
      if (!open) return undefined;
      const run = await createRosterRun(tx, {
        workspaceId: open.workspaceId,
        source: "pull",
        baseRevision: input.baseRevision,
        snapshot,
      });
      // Pull runs carry no Idempotency-Key, so nothing can conflict with this insert.
      if (!run) throw new Error(`pull run of sync ${input.syncId} was not created`);
      const now = new Date();
      await tx.rosterSync.update({
        where: { id: input.syncId },
        data: { status: "succeeded", importId: run.id, finishedAt: now },
      });
      await tx.rosterFeed.updateMany({
        where: { workspaceId: open.workspaceId },
        data: {
          health: "ok",
          lastPolledAt: now,
          lastSucceededAt: now,
          lastErrorCode: null,
          lastErrorDetail: Prisma.DbNull,
          updatedAt: now,
        },
      });
      return run.id;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
