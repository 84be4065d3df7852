import "server-only";
import { type BlockStatus, blockStatus, countItemStates } from "../checklist-items/block-status";
import type { ChecklistItemState } from "../checklist-items/item-states";
import { checklistTypes } from "../checklists/items";
import { resolveChecklist } from "../checklists/resolve-checklist";
import { db } from "../db/client";
import { mediaStorage } from "../media/media-storage";
import { parseChecklistSections } from "../recording/open-inspection";

export interface ChecklistBlockItem {
  /** Omitted when the item no longer matches an entry of the home's current lists. */
  id?: string;
  name: string;
  state: ChecklistItemState;
  reason?: string;
  timestamp?: number;
  imageUrl?: string;
}

/** Spec, Checklist result block: one shape for the status read, the findings read and both events. */
export interface ChecklistBlock {
  status: BlockStatus;
  counts: Record<ChecklistItemState, number>;
  items: ChecklistBlockItem[];
}

export interface BlockSource {
  id: string;
  propertyId: string;
  checklist: unknown;
  sealedAt: Date | null;
}

/** Ids of the items of the lists the home resolves to now: a replace issues new ids. */
async function currentItemIds(propertyId: string): Promise<Set<string>> {
  const lists = await Promise.all(checklistTypes.map((type) => resolveChecklist(propertyId, type)));
  return new Set(lists.flatMap((list) => list.items.map((item) => item.id)));
}

/**
 * The checklist result block of an inspection, or undefined when it has none to show: the home
 * had no checklist (the `checklist` key is then omitted), or the walkthrough has no results yet.
 * `complete` once sealed with every item final; `image_url` signed afresh on every read.
 */
export async function readChecklistBlock(inspection: BlockSource): Promise<ChecklistBlock | undefined> {
  if (parseChecklistSections(inspection.checklist).length === 0) return undefined;
  const lines = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: "asc" } });
  if (lines.length === 0) return undefined;
  const current = await currentItemIds(inspection.propertyId);
  const states = lines.map((line) => line.state);
  const items = await Promise.all(
    lines.map(async (line) => ({
      id: current.has(line.itemId) ? line.itemId : undefined,
      name: line.name,
      state: line.state,
      reason: line.state === "explained" ? (line.reason ?? undefined) : undefined,
      timestamp: line.timestampSeconds ?? undefined,
      // Spec, item states: a `pending` item never shows a picture, though its still is kept for the verdict.
      imageUrl: line.stillKey && line.state !== "pending" ? (await mediaStorage().signedUrl(line.stillKey)).url : undefined,
    })),
  );
  return { status: blockStatus(Boolean(inspection.sealedAt), states), counts: countItemStates(states), items };
}

export function serializeChecklistBlock(block: ChecklistBlock) {
  return {
    status: block.status,
    counts: block.counts,
    items: block.items.map((item) => ({
      id: item.id,
      name: item.name,
      state: item.state,
      reason: item.reason,
      timestamp: item.timestamp,
      image_url: item.imageUrl,
    })),
  };
}
