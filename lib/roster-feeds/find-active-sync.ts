import "server-only";
import type { Tx } from "../db/client";
import type { RosterSync } from "../generated/prisma/client";
import { syncLifetimeMs } from "./feed-limits";

/**
 * The workspace's sync that is queued or running, if any. One older than a sync can live is
 * abandoned (its worker died on every attempt): it must not block pulls until the sweep ends it.
 */
export function findActiveSync(tx: Tx, workspaceId: string, now = new Date()): Promise<RosterSync | null> {
  return tx.rosterSync.findFirst({
    where: {
      workspaceId,
      status: { in: ["queued", "running"] },
      createdAt: { gte: new Date(now.getTime() - syncLifetimeMs) },
    },
    orderBy: { createdAt: "asc" },
  });
}
