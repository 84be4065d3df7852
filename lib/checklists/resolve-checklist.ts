import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Property } from "../generated/prisma/client";
import { type StoredChecklist, toStoredChecklist } from "./items";

export type ChecklistSource = "property" | "company";

/** The list that applies, and where it came from; `source: "none"` when neither exists. */
export type ResolvedChecklist =
  | (StoredChecklist & { source: ChecklistSource; type: ChecklistType })
  | { source: "none"; type: ChecklistType; items: []; itemCount: 0 };

/**
 * Which list of `type` applies to a home (spec, Home setup): its own, else its workspace's
 * company-wide one, else none. This is what the recording app shows a cleaner; the partner API's
 * GET keeps showing only the home's own list. Takes the home's service id (`Property.id`), and
 * reads both candidates in one round trip by their unique keys.
 */
export async function resolveChecklist(
  property: string | Pick<Property, "id">,
  type: ChecklistType,
  tx: Tx = db(),
): Promise<ResolvedChecklist> {
  const propertyId = typeof property === "string" ? property : property.id;
  const rows = await tx.$queryRaw<{ source: ChecklistSource; items: unknown; updatedAt: Date }[]>`
    SELECT 'property' AS source, pc.items, pc.updated_at AS "updatedAt"
    FROM property_checklist pc
    WHERE pc.property_id = ${propertyId}::uuid AND pc.type = ${type}::"ChecklistType"
    UNION ALL
    SELECT 'company' AS source, cc.items, cc.updated_at AS "updatedAt"
    FROM property p
    JOIN company_checklist cc ON cc.workspace_id = p.workspace_id AND cc.type = ${type}::"ChecklistType"
    WHERE p.id = ${propertyId}::uuid`;
  const row = rows.find((candidate) => candidate.source === "property") ?? rows[0];
  if (!row) return { source: "none", type, items: [], itemCount: 0 };
  return { source: row.source, type, ...toStoredChecklist(row) };
}
