import "server-only";
import { pool } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { Caller } from "../partners/partner-caller";
import { queryWorkspace } from "./get-workspace";
import { handOverWorkspace } from "./reached-workspace";

/**
 * The one rule of which workspaces a key reaches: a sandbox key only sandbox workspaces, a live
 * key only live ones. The other kind's workspace answers exactly like an unknown one
 * (`404 workspace_not_provisioned`), so the two worlds never meet through the API. Every partner
 * call naming a workspace passes here (the request pipeline's `reach`); provisioning, whose
 * workspace_id is in the body, asks `workspaceKindOf` itself.
 */
export async function assertWorkspaceKind(caller: Pick<Caller, "partnerId" | "sandbox">, workspaceId: string): Promise<void> {
  // The whole workspace, not only its kind: the handler's own read then takes this one
  // (lib/workspaces/reached-workspace.ts), so the call reads the workspace once.
  const workspace = await queryWorkspace(caller.partnerId, workspaceId);
  if (workspace !== null && workspace.sandbox !== caller.sandbox) throw new ApiError("workspace_not_provisioned");
  handOverWorkspace(caller.partnerId, workspaceId, workspace);
}

/** Whether the partner's workspace is a sandbox one; undefined for none. */
export async function workspaceKindOf(partnerId: string, workspaceId: string): Promise<{ sandbox: boolean } | undefined> {
  const { rows } = await pool().query<{ sandbox: boolean }>(
    "SELECT sandbox FROM workspace WHERE partner_id = $1 AND external_id = $2",
    [partnerId, workspaceId],
  );
  return rows[0];
}
