import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Workspace } from "../generated/prisma/client";
import type { ChecklistItemInput, StoredChecklist } from "./items";
import { upsertChecklist } from "./upsert-checklist";

/**
 * Replaces the workspace's company-wide list of one type, with the same guarantees as a home's
 * replace (see `upsertChecklist`). Set by staff.
 */
export function setCompanyChecklist(
  workspace: Pick<Workspace, "id">,
  type: ChecklistType,
  items: readonly ChecklistItemInput[],
  tx: Tx = db(),
): Promise<StoredChecklist> {
  return upsertChecklist("company", workspace.id, type, items, tx);
}
