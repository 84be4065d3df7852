import "server-only";
import { db } from "../db/client";
import type { RosterImport, Workspace } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { withoutSnapshot } from "./create-roster-run";
import { isUuid } from "../validation/uuid";

/** A run of the workspace without its snapshot; another workspace's answers `404 not_found` like an unknown id. */
export async function getRosterImport(workspace: Workspace, importId: string): Promise<RosterImport> {
  const found = isUuid(importId)
    ? await db().rosterImport.findFirst({ where: { id: importId, workspaceId: workspace.id }, omit: { snapshot: true } })
    : null;
  if (!found) throw new ApiError("not_found", { message: "No such roster import in this workspace." });
  return withoutSnapshot(found);
}
