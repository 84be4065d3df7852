// The soak's table: what ran, what was injected, what held; printed and kept as JSON.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { formatTable, type MachineFacts, percentile, type ReportRow } from "../harness";
import type { CpuFigures } from "./cpu";
import type { FaultKind, Injection } from "./faults";
import type { DeliveryFigures, Invariant } from "./invariants";
import type { ReaderTally } from "./partner-reader";

export interface SoakResult {
  mode: string;
  at: string;
  machine: MachineFacts;
  wallSeconds: number;
  walkthroughs: {
    started: number;
    doneOk: number;
    sealed: number;
    mp4: number;
    webm: number;
    parts: number;
    partRetries: number;
  };
  faults: { kind: FaultKind; target: number; injected: number }[];
  injections: Injection[];
  skippedFaults: string[];
  invariants: Invariant[];
  latency: { partUploadP50Ms: number; partUploadP99Ms: number; sealP50S: number; sealP99S: number };
  deliveries?: DeliveryFigures;
  reads: ReaderTally;
  recorderAnswers: Record<string, number>;
  cpu: CpuFigures;
  passed: boolean;
  verdict: string;
}

export function latencies(parts: number[], seals: number[]): SoakResult["latency"] {
  return {
    partUploadP50Ms: percentile(parts, 50),
    partUploadP99Ms: percentile(parts, 99),
    sealP50S: percentile(seals, 50),
    sealP99S: percentile(seals, 99),
  };
}

export function printResult(result: SoakResult): string {
  const rows: ReportRow[] = [
    {
      what: "walkthroughs started / Done 2xx / sealed",
      value: `${result.walkthroughs.started} / ${result.walkthroughs.doneOk} / ${result.walkthroughs.sealed}`,
    },
    { what: "  H.264 MP4 (remux) / WebM (transcode)", value: `${result.walkthroughs.mp4} / ${result.walkthroughs.webm}` },
    { what: "  parts acknowledged / sent again", value: `${result.walkthroughs.parts} / ${result.walkthroughs.partRetries}` },
    {
      what: "part upload p50 / p99 (ms, retries included)",
      value: `${result.latency.partUploadP50Ms.toFixed(0)} / ${result.latency.partUploadP99Ms.toFixed(0)}`,
    },
    {
      what: "Done -> sealed p50 / p99 (s)",
      value: `${result.latency.sealP50S.toFixed(1)} / ${result.latency.sealP99S.toFixed(1)}`,
    },
  ];
  for (const fault of result.faults)
    rows.push({ what: `fault: ${fault.kind}`, value: `${fault.injected} (wanted ${fault.target})` });
  if (result.deliveries) {
    const d = result.deliveries;
    const causes = Object.entries(d.duplicateCauses)
      .map(([cause, n]) => `${n} ${cause}`)
      .join(", ");
    rows.push({ what: "webhook events / arrivals / acknowledged", value: `${d.events} / ${d.arrivals} / ${d.acknowledged}` });
    rows.push({ what: "  duplicates (cause)", value: `${d.duplicates}${causes ? ` (${causes})` : ""}` });
  }
  rows.push({ what: "partner reads (by status)", value: `${result.reads.total}: ${JSON.stringify(result.reads.byStatus)}` });
  rows.push({ what: "recorder answers to the phones (by status)", value: JSON.stringify(result.recorderAnswers) });
  rows.push({
    what: "CPU: machine / soak's processes (% of all cores)",
    value: `${result.cpu.machinePercent.toFixed(0)} / ${result.cpu.soakPercent.toFixed(0)} over ${result.cpu.seconds.toFixed(0)} s`,
  });
  for (const invariant of result.invariants)
    rows.push({ what: `${invariant.held ? "HELD  " : "BROKEN"} ${invariant.name}`, value: invariant.evidence });
  return `${formatTable(rows)}\n\n${result.verdict}`;
}

export async function writeResult(root: string, result: SoakResult): Promise<string> {
  const file = path.join(
    root,
    "bench",
    "results",
    result.mode === "control local-disk" ? "soak-control-latest.json" : "soak-latest.json",
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
