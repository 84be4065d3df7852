import "server-only";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../validation/uuid";

/** The partner's workspace by its uuid; another partner's, an unknown one, or a malformed id read alike. */
export async function partnerWorkspace(partnerId: string, workspaceUuid: string): Promise<{ id: string; externalId: string }> {
  const workspace = isUuid(workspaceUuid)
    ? await db().workspace.findFirst({ where: { id: workspaceUuid, partnerId }, select: { id: true, externalId: true } })
    : null;
  if (workspace === null) throw new ApiError("not_found", { message: "No such workspace." });
  return workspace;
}
