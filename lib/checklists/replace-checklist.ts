import "server-only";
import { db, type Tx } from "../db/client";
import type { ChecklistType, Property } from "../generated/prisma/client";
import type { ChecklistItemInput, StoredChecklist } from "./items";
import { upsertChecklist } from "./upsert-checklist";

/** Replaces one list of a home (see `upsertChecklist` for the guarantees). */
export function replaceChecklist(
  property: Pick<Property, "id">,
  type: ChecklistType,
  items: readonly ChecklistItemInput[],
  tx: Tx = db(),
): Promise<StoredChecklist> {
  return upsertChecklist("home", property.id, type, items, tx);
}
