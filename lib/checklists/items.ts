import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ChecklistType } from "../generated/prisma/enums";

export const checklistTypes = Object.values(ChecklistType);
export const defaultChecklistType: ChecklistType = "housekeeping";

export function isChecklistType(value: string): value is ChecklistType {
  return (checklistTypes as string[]).includes(value);
}

/** An item as sent: already normalized and checked by the request schema. */
export interface ChecklistItemInput {
  name: string;
  notes?: string;
}

/**
 * An item as stored in a list's `items` JSON and as served. The name lives in the list itself,
 * not in a row of its own: a report copies the name it recorded, so a later replace (which
 * issues new ids) never changes what an old report shows.
 */
export interface ChecklistItem {
  id: string;
  name: string;
  notes?: string;
}

/** Every replace issues new ids (spec, Checklist): ids are stable between writes, not across them. */
export function issueItemIds(items: readonly ChecklistItemInput[]): ChecklistItem[] {
  return items.map((item) => (item.notes === undefined ? { id: randomUUID(), name: item.name } : { id: randomUUID(), ...item }));
}

const storedItems = z.array(z.object({ id: z.string(), name: z.string(), notes: z.string().optional() }));

/** The `items` JSON of a stored list, checked: a row written by hand must fail loudly, not serve junk. */
export function parseStoredItems(json: unknown): ChecklistItem[] {
  return storedItems.parse(json).map(({ id, name, notes }) => (notes === undefined ? { id, name } : { id, name, notes }));
}

/** One stored list (a home's or a company-wide one) as the domain hands it on. */
export interface StoredChecklist {
  items: ChecklistItem[];
  itemCount: number;
  updatedAt: Date;
}

export function toStoredChecklist(row: { items: unknown; updatedAt: Date }): StoredChecklist {
  const items = parseStoredItems(row.items);
  return { items, itemCount: items.length, updatedAt: row.updatedAt };
}
