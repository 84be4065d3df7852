import { checklistNameProblem, checklistNotesProblem, normalizeChecklistText } from "../checklists/name-rules";

/**
 * The company checklist editor's rows: what staff edit, checked by the spec's own name rules
 * (lib/checklists/name-rules.ts, the ones the API applies) so a problem shows at its row before
 * Save rather than as a 400 after it. Pure, for the editor and its unit tests.
 */

export interface ChecklistRow {
  /** Stable across edits and moves, so React keeps focus on the row that moved. */
  key: string;
  name: string;
  notes: string;
}

export interface RowProblems {
  name?: string;
  notes?: string;
}

/** The row's problems in words staff read beside the field ("Name is required"). */
export function rowProblems(row: Pick<ChecklistRow, "name" | "notes">): RowProblems {
  const name = checklistNameProblem(normalizeChecklistText(row.name));
  const notesText = normalizeChecklistText(row.notes);
  const notes = notesText === "" ? undefined : checklistNotesProblem(notesText);
  return {
    ...(name ? { name: `Name ${name.message}.` } : {}),
    ...(notes ? { notes: `Notes ${notes.message}.` } : {}),
  };
}

export function hasProblems(rows: readonly ChecklistRow[]): boolean {
  return rows.some((row) => Object.keys(rowProblems(row)).length > 0);
}

/** The row at `index` moved by `delta` places, kept inside the list; the same list if it cannot move. */
export function moveRow<T>(rows: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** The API's item list: text normalized as the server stores it, empty notes left out. */
export function rowsToItems(rows: readonly ChecklistRow[]): { name: string; notes?: string }[] {
  return rows.map((row) => {
    const name = normalizeChecklistText(row.name);
    const notes = normalizeChecklistText(row.notes);
    return notes === "" ? { name } : { name, notes };
  });
}
