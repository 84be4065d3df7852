import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Property } from "../generated/prisma/client";
import { type StoredChecklist, toStoredChecklist } from "./items";

/** The home's own list of one type, or `null`: a company-wide list is not the home's (see resolveChecklist). */
export async function getChecklist(
  property: Pick<Property, "id">,
  type: ChecklistType,
  tx: Tx = db(),
): Promise<StoredChecklist | null> {
  const row = await tx.propertyChecklist.findUnique({
    where: { propertyId_type: { propertyId: property.id, type } },
    select: { items: true, updatedAt: true },
  });
  return row ? toStoredChecklist(row) : null;
}
