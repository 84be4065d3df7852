import { db, type Tx } from "../db/client";
import type { Workspace } from "../generated/prisma/client";
import { ApiError } from "../http/errors";

/**
 * The partner's workspace by the caller's id. Another partner's workspace answers exactly
 * like an unknown one, so ids leak nothing across partners.
 */
export async function getWorkspace(partnerId: string, workspaceId: string, tx: Tx = db()): Promise<Workspace> {
  const workspace = await tx.workspace.findUnique({
    where: { partnerId_externalId: { partnerId, externalId: workspaceId } },
  });
  if (!workspace) throw new ApiError("workspace_not_provisioned");
  return workspace;
}
