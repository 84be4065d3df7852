import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Workspace } from "../generated/prisma/client";
import { checklistTypes, type StoredChecklist, toStoredChecklist } from "./items";

export type CompanyChecklist = StoredChecklist & { type: ChecklistType };

/** The workspace's company-wide lists (of one type, when given), in the order the types are declared. */
export async function listCompanyChecklists(
  workspace: Pick<Workspace, "id">,
  type?: ChecklistType,
  tx: Tx = db(),
): Promise<CompanyChecklist[]> {
  const rows = await tx.companyChecklist.findMany({
    where: { workspaceId: workspace.id, type },
    select: { type: true, items: true, updatedAt: true },
  });
  return rows
    .sort((a, b) => checklistTypes.indexOf(a.type) - checklistTypes.indexOf(b.type))
    .map((row) => ({ type: row.type, ...toStoredChecklist(row) }));
}
