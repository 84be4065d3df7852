import { execFileSync } from "node:child_process";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AppProcess } from "../tests/support/app-process";

export type Cell = string | number | boolean | undefined;
export type ReportRow = Record<string, Cell>;

export interface ReportOptions {
  /** Shown above the table; defaults to the scenario's name. */
  title?: string;
  /** Lines printed under the table and kept in the results file. */
  notes?: string[];
}

export interface BenchContext {
  root: string;
  scenario: string;
  machine: MachineFacts;
  /** The shared throwaway PostgreSQL's maintenance URL. */
  pgAdminUrl: string;
  /** A fresh database on the shared server with every migration applied. */
  createDatabase(prefix?: string): Promise<string>;
  /** The built app over real HTTP (`npm start`), stopped when the scenario ends if not before. */
  startApp(databaseUrl: string, env?: Record<string, string>): Promise<AppProcess>;
  /** Runs when the scenario ends, last registered first, whether it passed or failed. */
  onCleanup(fn: () => Promise<void> | void): void;
  report(rows: ReportRow[], options?: ReportOptions): Promise<void>;
  log(line: string): void;
}

export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<void>;
}

export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  commit?: string;
}

function gitCommit(root: string): string | undefined {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() !== "";
    return dirty ? `${head}+dirty` : head;
  } catch {
    return undefined;
  }
}

export function machineFacts(root: string): MachineFacts {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    commit: gitCommit(root),
  };
}

function formatCell(value: Cell): string {
  if (value === undefined) return "";
  if (typeof value !== "number") return String(value);
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/** An aligned text table: numbers right-aligned, everything else left-aligned. */
export function formatTable(rows: ReportRow[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => columns.map((column) => formatCell(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const numeric = columns.map((column) => rows.every((row) => row[column] === undefined || typeof row[column] === "number"));
  const line = (values: string[]) =>
    values
      .map((value, i) => (numeric[i] ? value.padStart(widths[i]!) : value.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(columns), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n");
}

export interface ResultEntry {
  scenario: string;
  title: string;
  at: string;
  machine: MachineFacts;
  rows: ReportRow[];
  notes: string[];
}

/** Appends one entry to the JSON array in `file`, written whole and renamed so a crash leaves no half file. */
export async function appendResult(file: string, entry: ResultEntry): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  let entries: ResultEntry[] = [];
  try {
    const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
    if (Array.isArray(parsed)) entries = parsed as ResultEntry[];
  } catch {
    // Missing or unreadable: start a new file.
  }
  entries.push(entry);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(entries, null, 2)}\n`);
  await rename(temporary, file);
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100): with 50 samples, p99 is the slowest one. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** A positive integer from the environment within bounds, for shortening or lengthening a run. */
export function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}
