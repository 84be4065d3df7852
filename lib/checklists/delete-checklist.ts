import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Property } from "../generated/prisma/client";

/** Removes the home's own list of one type; removing one that is not there is not an error. */
export async function deleteChecklist(property: Pick<Property, "id">, type: ChecklistType, tx: Tx = db()): Promise<void> {
  await tx.propertyChecklist.deleteMany({ where: { propertyId: property.id, type } });
}
