import "server-only";
import type { RosterSync, Workspace } from "../generated/prisma/client";

export function serializeRosterSyncAccepted(sync: RosterSync, workspace: Workspace, started: boolean) {
  return {
    sync_id: sync.id,
    workspace_id: workspace.externalId,
    status: started ? ("queued" as const) : ("in_progress" as const),
  };
}
