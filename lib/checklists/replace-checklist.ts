import { db, type Tx } from "../db/client";
import type { ChecklistType, Property } from "../generated/prisma/client";
import { type ChecklistItemInput, issueItemIds, type StoredChecklist, toStoredChecklist } from "./items";

/**
 * Replaces one list of a home with `items`, all with new ids, in one statement: concurrent
 * replaces of the same list queue on its row, the last one wins, and no reader ever sees a mix.
 * `updated_at` moves forward on every replace, even two within the same millisecond, so it
 * orders writes the way they were applied.
 */
export async function replaceChecklist(
  property: Pick<Property, "id">,
  type: ChecklistType,
  items: readonly ChecklistItemInput[],
  tx: Tx = db(),
): Promise<StoredChecklist> {
  const stored = issueItemIds(items);
  const rows = await tx.$queryRaw<{ items: unknown; updatedAt: Date }[]>`
    INSERT INTO property_checklist AS c (id, property_id, type, items, item_count, updated_at)
    VALUES (gen_random_uuid(), ${property.id}::uuid, ${type}::"ChecklistType", ${JSON.stringify(stored)}::jsonb,
            ${stored.length}, clock_timestamp())
    ON CONFLICT (property_id, type) DO UPDATE SET
      items = EXCLUDED.items,
      item_count = EXCLUDED.item_count,
      updated_at = GREATEST(EXCLUDED.updated_at, c.updated_at + interval '1 millisecond')
    RETURNING items, updated_at AS "updatedAt"`;
  return toStoredChecklist(rows[0]!);
}
