import "server-only";
import { db } from "../db/client";
import { enqueue } from "../queue/enqueue";
import { endRun } from "./finish-run";
import { stageIncoming } from "./roster-columns";
import { computeRosterDiff } from "./roster-diff";
import { refreshWorkspaceCounts } from "./workspace-counts";
import { writeRoster } from "./write-roster";
import { recordWorkspaceEvent } from "../workspaces/workspace-events";

const finalStatuses: ReadonlySet<string> = new Set(["applied", "rejected", "failed"]);

/**
 * Runs one roster import to a final state. Everything is decided and written in one
 * transaction under the workspace's row lock: a crash leaves the roster as it was and the
 * run is retried; a retry of a run that already ended does nothing.
 */
export async function applyRosterImport(importId: string): Promise<void> {
  await db().rosterImport.updateMany({
    where: { id: importId, status: "queued" },
    data: { status: "running", startedAt: new Date() },
  });

  await db().$transaction(
    async (tx) => {
      const [run] = await tx.$queryRaw<{ status: string; items: number | null }[]>`
        SELECT status, jsonb_array_length(snapshot) AS items FROM roster_import WHERE id = ${importId}::uuid FOR UPDATE`;
      if (!run || finalStatuses.has(run.status)) return;
      // The snapshot stays in the database: it is staged there for the diff and the write.
      const current = await tx.rosterImport.findUniqueOrThrow({ where: { id: importId }, omit: { snapshot: true } });
      // NO KEY UPDATE: submissions insert runs that reference the workspace and must not wait for this.
      const [workspace] = await tx.$queryRaw<{ roster_revision: number }[]>`
        SELECT roster_revision FROM workspace WHERE id = ${current.workspaceId}::uuid FOR NO KEY UPDATE`;
      if (!workspace) throw new Error(`workspace of run ${importId} is missing`);

      if (workspace.roster_revision !== current.baseRevision) {
        return endRun(tx, importId, "rejected", "roster_revision_conflict", {
          base_revision: current.baseRevision,
          current_revision: workspace.roster_revision,
        });
      }
      if ((run.items ?? 0) === 0 && !current.allowEmpty) {
        return endRun(tx, importId, "rejected", "roster_empty_not_allowed");
      }

      await stageIncoming(tx, importId);
      const diff = await computeRosterDiff(tx, current.workspaceId);
      const present = await tx.property.count({ where: { workspaceId: current.workspaceId, rosterStatus: "present" } });
      if (diff.deactivated * 2 > present && current.acknowledgeInactiveCount !== diff.deactivated) {
        return endRun(tx, importId, "rejected", "roster_confirmation_required", {
          deactivate_count: diff.deactivated,
          present_count: present,
        });
      }

      const revision = workspace.roster_revision + 1;
      await writeRoster(tx, current.workspaceId, revision);
      const now = new Date();
      await tx.workspace.update({
        where: { id: current.workspaceId },
        data: {
          rosterRevision: revision,
          rosterConfirmedAt: now,
          rosterObservedAt: current.observedAt,
          rosterLastSource: current.source,
        },
      });
      await refreshWorkspaceCounts(tx, current.workspaceId);
      await tx.rosterImport.update({
        where: { id: importId },
        data: {
          status: "applied",
          appliedAt: now,
          finishedAt: now,
          resultRevision: revision,
          diffCreated: diff.created,
          diffUpdated: diff.updated,
          diffDeactivated: diff.deactivated,
          diffReactivated: diff.reactivated,
        },
      });
      await tx.$executeRaw`UPDATE roster_import SET snapshot = NULL WHERE id = ${importId}::uuid`;
      await enqueue("activate-roster", { workspaceId: current.workspaceId }, { tx });
      await recordWorkspaceEvent(tx, current.workspaceId, { type: "workspace.roster_applied", importId }, now);
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** After the last retry: the run ends `failed` and the roster stays as it was. */
export async function failRosterImport(importId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const [run] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM roster_import WHERE id = ${importId}::uuid FOR UPDATE`;
    if (!run || finalStatuses.has(run.status)) return;
    await endRun(tx, importId, "failed", "internal_error", {
      message: "The import could not be applied. Nothing changed; resend it with a new Idempotency-Key.",
    });
  });
}
