import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Workspace } from "../generated/prisma/client";

/** Removes the workspace's company-wide list of one type; answers whether there was one. */
export async function clearCompanyChecklist(
  workspace: Pick<Workspace, "id">,
  type: ChecklistType,
  tx: Tx = db(),
): Promise<boolean> {
  const { count } = await tx.companyChecklist.deleteMany({ where: { workspaceId: workspace.id, type } });
  return count > 0;
}
