import "server-only";
import type { Tx } from "../db/client";
import { type ChecklistType, Prisma } from "../generated/prisma/client";
import { type ChecklistItemInput, issueItemIds, type StoredChecklist, toStoredChecklist } from "./items";

/** Where a list lives: a home's own lists, or a workspace's company-wide ones. Fixed names only. */
const owners = {
  home: { table: Prisma.raw("property_checklist"), key: Prisma.raw("property_id") },
  company: { table: Prisma.raw("company_checklist"), key: Prisma.raw("workspace_id") },
} as const;

/**
 * Replaces one list with `items`, all with new ids, in one statement: concurrent replaces of the
 * same list queue on its row, the last one wins, and no reader ever sees a mix. `updated_at`
 * moves forward on every replace, even two within the same millisecond, so it orders writes the
 * way they were applied.
 */
export async function upsertChecklist(
  owner: keyof typeof owners,
  ownerId: string,
  type: ChecklistType,
  items: readonly ChecklistItemInput[],
  tx: Tx,
): Promise<StoredChecklist> {
  const { table, key } = owners[owner];
  const stored = issueItemIds(items);
  const rows = await tx.$queryRaw<{ items: unknown; updatedAt: Date }[]>`
    INSERT INTO ${table} AS c (id, ${key}, type, items, item_count, updated_at)
    VALUES (gen_random_uuid(), ${ownerId}::uuid, ${type}::"ChecklistType", ${JSON.stringify(stored)}::jsonb,
            ${stored.length}, clock_timestamp())
    ON CONFLICT (${key}, type) DO UPDATE SET
      items = EXCLUDED.items,
      item_count = EXCLUDED.item_count,
      updated_at = GREATEST(EXCLUDED.updated_at, c.updated_at + interval '1 millisecond')
    RETURNING items, updated_at AS "updatedAt"`;
  return toStoredChecklist(rows[0]!);
}
