import "server-only";
import { db, type Tx } from "../db/client";
import { requirePartner } from "../partners/require-partner";

export class FeedWorkspaceNotFoundError extends Error {}

/** A partner's workspace by the caller's id, for staff: a typo is named, never passed over. */
export async function requireFeedWorkspace(partnerId: string, workspaceId: string, tx: Tx = db()) {
  await requirePartner(partnerId, tx);
  const workspace = await tx.workspace.findUnique({
    where: { partnerId_externalId: { partnerId, externalId: workspaceId } },
    select: { id: true, externalId: true, syncMode: true },
  });
  if (!workspace) throw new FeedWorkspaceNotFoundError(`Partner ${partnerId} has no workspace "${workspaceId}".`);
  return workspace;
}
