import "server-only";
import type { Tx } from "../db/client";
import { recordBuiltEvents } from "../webhooks/record-built-event";
import { workspaceClaimedEvent, workspaceRosterAppliedEvent } from "../webhooks/payloads";
import { serializeWorkspace } from "./serializers";

export type WorkspaceChange = { type: "workspace.roster_applied"; importId: string } | { type: "workspace.claimed" };

/**
 * Records a `workspace.*` event in the change's transaction, with the Workspace record as it
 * reads after the change. Only partners on the reservations track get them (spec, Events).
 */
export async function recordWorkspaceEvent(
  tx: Tx,
  workspaceId: string,
  change: WorkspaceChange,
  now = new Date(),
): Promise<void> {
  const workspace = await tx.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    include: { rosterFeed: { select: { health: true } }, partner: { select: { eventTrack: true } } },
  });
  if (workspace.partner.eventTrack !== "reservations") return;
  const common = {
    version: 1 as const,
    occurred_at: now.toISOString(),
    workspace_id: workspace.externalId,
    workspace: serializeWorkspace(workspace, now),
  };
  await recordBuiltEvents(
    tx,
    [
      {
        partnerId: workspace.partnerId,
        eventType: change.type,
        workspaceId,
        body: (eventId) =>
          change.type === "workspace.claimed"
            ? workspaceClaimedEvent.parse({ ...common, event_id: eventId, event_type: change.type })
            : workspaceRosterAppliedEvent.parse({
                ...common,
                event_id: eventId,
                event_type: change.type,
                import_id: change.importId,
              }),
      },
    ],
    now,
  );
}
