import "server-only";
import { createHash } from "node:crypto";
import { db } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { FeedErrorCode } from "./feed-errors";
import { lockOpenSync } from "./lock-open-sync";

// A failed pull has no snapshot; the column wants a digest, so it gets the digest of nothing.
const noSnapshotHash = createHash("sha256").digest("hex");

export interface PullFailure {
  syncId: string;
  code: FeedErrorCode;
  /** On the run: what the partner reads. */
  detail: Record<string, unknown>;
  /** On the feed (`last_error_detail`, staff only): what the fetch saw. Defaults to `detail`. */
  staffDetail?: Record<string, unknown>;
  /** The first page's observed_at, when one was read. */
  observedAt?: Date;
  /** The revision when the poll began; the current one when the poll never got that far. */
  baseRevision?: number;
}

/**
 * A pull that could not be used ends as a `failed` run with `source: pull`, its code and
 * detail, and no counts; nothing else about the roster moves (spec, States: a failed pull
 * deactivates nothing and never resets freshness). The feed reads `failing`, with the error
 * kept for staff in full (`staffDetail`); the run carries only the partner's `detail`. Returns the run's id, or undefined when the sync had already ended.
 */
export async function recordPullFailure(input: PullFailure): Promise<string | undefined> {
  return db().$transaction(async (tx) => {
    const open = await lockOpenSync(tx, input.syncId);
    if (!open) return undefined;
    const sync = await tx.rosterSync.findUniqueOrThrow({
      where: { id: input.syncId },
      select: { startedAt: true, workspace: { select: { rosterRevision: true } } },
    });
    const now = new Date();
    const detail = input.detail as Prisma.InputJsonObject;
    const run = await tx.rosterImport.create({
      data: {
        workspaceId: open.workspaceId,
        source: "pull",
        snapshotHash: noSnapshotHash,
        status: "failed",
        observedAt: input.observedAt,
        baseRevision: input.baseRevision ?? sync.workspace.rosterRevision,
        startedAt: sync.startedAt ?? now,
        finishedAt: now,
        errorCode: input.code,
        errorDetail: detail,
      },
    });
    await tx.rosterSync.update({
      where: { id: input.syncId },
      data: { status: "failed", importId: run.id, finishedAt: now },
    });
    await tx.rosterFeed.updateMany({
      where: { workspaceId: open.workspaceId },
      data: {
        health: "failing",
        lastPolledAt: now,
        lastErrorCode: input.code,
        lastErrorDetail: (input.staffDetail ?? input.detail) as Prisma.InputJsonObject,
        updatedAt: now,
      },
    });
    return run.id;
  });
}
