import "server-only";
import { escapeControls } from "../validation/control-characters";

// Formatting shared by the staff commands: times, tables, and the one-object JSON line. Cells
// and lines may hold what anonymous or partner callers typed: controls are escaped, never printed.

export function isoTime(date: Date): string {
  return date.toISOString();
}

/** Columns padded to their widest cell; the last column is not padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows].map((row) => row.map(escapeControls));
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? "").length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** One JSON object on one line, so `--json` output can be piped straight into jq or a script. */
export function jsonLine(value: Record<string, unknown>): string {
  // JSON.stringify escapes C0 controls itself; DEL and C1 it leaves raw, and a terminal may obey them.
  return `${JSON.stringify(value).replace(/[\u007f-\u009f]/g, escapeControls)}\n`;
}

/** An error as one line: multi-line driver messages are folded so stderr stays greppable. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return escapeControls(text.replace(/\s*\n\s*/g, " ").trim()) || "Unknown error.";
}
