import { db, type Tx } from "../db/client";
import type { ChecklistType, Workspace } from "../generated/prisma/client";
import { type ChecklistItemInput, issueItemIds, type StoredChecklist, toStoredChecklist } from "./items";

/**
 * Replaces the workspace's company-wide list of one type, with the same guarantees as a home's
 * replace (one statement, new ids, `updated_at` always moves forward). Set by staff.
 */
export async function setCompanyChecklist(
  workspace: Pick<Workspace, "id">,
  type: ChecklistType,
  items: readonly ChecklistItemInput[],
  tx: Tx = db(),
): Promise<StoredChecklist> {
  const stored = issueItemIds(items);
  const rows = await tx.$queryRaw<{ items: unknown; updatedAt: Date }[]>`
    INSERT INTO company_checklist AS c (id, workspace_id, type, items, item_count, updated_at)
    VALUES (gen_random_uuid(), ${workspace.id}::uuid, ${type}::"ChecklistType", ${JSON.stringify(stored)}::jsonb,
            ${stored.length}, clock_timestamp())
    ON CONFLICT (workspace_id, type) DO UPDATE SET
      items = EXCLUDED.items,
      item_count = EXCLUDED.item_count,
      updated_at = GREATEST(EXCLUDED.updated_at, c.updated_at + interval '1 millisecond')
    RETURNING items, updated_at AS "updatedAt"`;
  return toStoredChecklist(rows[0]!);
}
