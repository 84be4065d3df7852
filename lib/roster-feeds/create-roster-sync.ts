import "server-only";
import type { Tx } from "../db/client";
import type { RosterSync } from "../generated/prisma/client";
import { enqueue } from "../queue/enqueue";

export interface NewSync {
  workspaceId: string;
  trigger: "manual" | "schedule";
  /** The scheduler's clock; a manual sync takes the database's. */
  requestedAt?: Date;
}

/**
 * Records a queued sync and enqueues its poll in the caller's transaction (which holds the
 * workspace lock), so a sync never exists without its job, nor a job without its sync.
 */
export async function createRosterSync(tx: Tx, input: NewSync): Promise<RosterSync> {
  const sync = await tx.rosterSync.create({
    data: { workspaceId: input.workspaceId, trigger: input.trigger, createdAt: input.requestedAt },
  });
  await enqueue("poll-roster-feed", { syncId: sync.id }, { tx });
  return sync;
}
