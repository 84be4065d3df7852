import "server-only";
import { z } from "zod";
import { pool } from "../db/client";
import { type ChecklistItem, checklistTypes, parseStoredItems } from "../checklists/items";
import { resolveChecklist } from "../checklists/resolve-checklist";
import type { ChecklistType } from "../generated/prisma/enums";
import type { RecorderTask } from "./find-recorder-task";

/** One section of the walkthrough's checklist: a list that applied when the link was opened. */
export interface ChecklistSection {
  type: ChecklistType;
  items: ChecklistItem[];
}

/**
 * The lists the home resolves to (its own, else the company-wide one), in the order the cleaner
 * sees them: housekeeping, inspection, maintenance; a type with no list is left out.
 */
export async function resolveSections(propertyId: string): Promise<ChecklistSection[]> {
  const resolved = await Promise.all(checklistTypes.map((type) => resolveChecklist(propertyId, type)));
  return resolved.filter((list) => list.items.length > 0).map((list) => ({ type: list.type, items: list.items }));
}

const storedSections = z.array(
  z.object({ type: z.enum(checklistTypes as [ChecklistType, ...ChecklistType[]]), items: z.unknown() }),
);

/** The inspection's copy of its lists, checked (a row written by hand must fail loudly). */
export function parseChecklistSections(json: unknown): ChecklistSection[] {
  return storedSections.parse(json).map((section) => ({ type: section.type, items: parseStoredItems(section.items) }));
}

// Of two opens at once, one row is made; the other finds nothing to insert.
const insertSql = `
  INSERT INTO inspection (id, task_id, workspace_id, property_id, checklist)
  VALUES (gen_random_uuid(), $1, $2, $3, $4)
  ON CONFLICT (task_id) DO NOTHING
  RETURNING id`;

/**
 * Opens the walkthrough: the inspection exists from this moment (spec, Inspection status:
 * `inspection_id` from the moment the cleaner opens the link) with a copy of the lists that apply
 * now, so a later replace of the home's lists never changes what this walkthrough records.
 * Idempotent: reopening answers the same inspection.
 */
export async function openInspection(task: RecorderTask): Promise<string> {
  if (task.inspectionId) return task.inspectionId;
  const sections = await resolveSections(task.propertyId);
  const made = await pool().query<{ id: string }>(insertSql, [
    task.taskId,
    task.workspaceId,
    task.propertyId,
    JSON.stringify(sections),
  ]);
  if (made.rows[0]) return made.rows[0].id;
  // Another open made it first; its row is committed (the insert waited for it), so a new statement sees it.
  const found = await pool().query<{ id: string }>("SELECT id FROM inspection WHERE task_id = $1", [task.taskId]);
  return found.rows[0]!.id;
}
