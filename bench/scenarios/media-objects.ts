import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";
import { startTestS3Server } from "../../tests/support/s3-server";
import { type BenchContext, envInt, type ReportRow, type Scenario } from "../harness";
import type { ChildResult, ChildSpec } from "../media-objects-child";
import { peakRssMiB } from "../processes";

const mib = 1024 * 1024;

interface Measured {
  spec: ChildSpec;
  result: ChildResult;
  baselineMiB: number;
  peakMiB: number;
}

/**
 * Runs one measurement in a fresh child (VmHWM only resets with a new process): its VmHWM once
 * it has loaded the storage code, then after writing and reading back.
 */
async function measure(ctx: BenchContext, spec: ChildSpec): Promise<Measured> {
  const child = spawn(
    process.execPath,
    [path.join(ctx.root, "node_modules/tsx/dist/cli.mjs"), "bench/media-objects-child.ts", JSON.stringify(spec)],
    {
      cwd: ctx.root,
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  ctx.onCleanup(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the child ended early:\n${stderr}`);
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  await next();
  const baselineMiB = await peakRssMiB(child.pid!);
  child.stdin.write("go\n");
  const answer = await next();
  const peakMiB = await peakRssMiB(child.pid!);
  child.stdin.write("exit\n");
  await exited;
  if (!answer.result) throw new Error(`${spec.driver} ${spec.mode} ${spec.size}: ${String(answer.error)}\n${stderr}`);
  return { spec, result: answer.result as ChildResult, baselineMiB, peakMiB };
}

const mbPerSecond = (bytes: number, ms: number) => Math.round(bytes / 1e6 / (ms / 1000));
const round1 = (value: number) => Math.round(value * 10) / 10;

const modeNames: Record<ChildSpec["mode"], string> = {
  put: "put (stream, digest unknown)",
  "put-known-digest": "put (stream, sha256 given)",
  parts: "appendPart x N, completeParts",
};

function row({ spec, result, baselineMiB, peakMiB }: Measured): ReportRow {
  return {
    driver: spec.driver === "local" ? "local disk" : "S3 (s3rver)",
    write:
      spec.mode === "parts"
        ? `${spec.partCount} x ${spec.size / spec.partCount! / mib} MiB parts, completeParts`
        : modeNames[spec.mode],
    MiB: spec.size / mib,
    "write MB/s": mbPerSecond(result.size, result.writeMs),
    "write s": round1(result.writeMs / 1000),
    "of which completeParts s": result.appendMs === undefined ? undefined : round1((result.writeMs - result.appendMs) / 1000),
    "read MB/s": mbPerSecond(result.size, result.readMs),
    "VmHWM before MiB": Math.round(baselineMiB),
    "VmHWM peak MiB": Math.round(peakMiB),
    "growth MiB": Math.round(peakMiB - baselineMiB),
  };
}

async function run(ctx: BenchContext): Promise<void> {
  const largeMiB = envInt("BENCH_MEDIA_LARGE_MIB", 2048, 64, 16384);
  const smallMiB = envInt("BENCH_MEDIA_SMALL_MIB", 256, 16, 16384);
  const partMiB = 4;

  const localRoot = await mkdtemp(path.join(tmpdir(), "walkthrough-bench-media-"));
  ctx.onCleanup(() => rm(localRoot, { recursive: true, force: true }));

  const cases: Omit<ChildSpec, "localRoot" | "s3">[] = [];
  for (const driver of ["local", "s3"] as const) {
    for (const sizeMiB of [smallMiB, largeMiB]) cases.push({ driver, mode: "put", size: sizeMiB * mib });
    if (driver === "s3")
      for (const sizeMiB of [smallMiB, largeMiB]) cases.push({ driver, mode: "put-known-digest", size: sizeMiB * mib });
    for (const sizeMiB of [smallMiB, largeMiB])
      cases.push({ driver, mode: "parts", size: sizeMiB * mib, partCount: sizeMiB / partMiB });
  }

  const rows: ReportRow[] = [];
  for (const spec of cases) {
    // A fresh s3rver (in this process) per S3 row: its own memory and files do not carry over.
    const s3 = spec.driver === "s3" ? await startTestS3Server("bench-media") : undefined;
    try {
      const where = s3
        ? {
            s3: {
              bucket: s3.bucket,
              region: s3.region,
              endpoint: s3.endpoint,
              accessKeyId: s3.accessKeyId,
              secretAccessKey: s3.secretAccessKey,
              forcePathStyle: true,
            },
          }
        : { localRoot };
      const measured = await measure(ctx, { ...spec, ...where });
      ctx.log(
        `${spec.driver} ${spec.mode} ${spec.size / mib} MiB: write ${round1(measured.result.writeMs / 1000)} s, read ${round1(measured.result.readMs / 1000)} s, ` +
          `VmHWM ${Math.round(measured.baselineMiB)} -> ${Math.round(measured.peakMiB)} MiB`,
      );
      rows.push(row(measured));
    } finally {
      await s3?.stop();
    }
  }

  await ctx.report(rows, {
    title: `Media objects of ${smallMiB} MiB and ${largeMiB} MiB streamed through each driver and read back (one fresh child process per row)`,
    notes: [
      "bytes are generated as a stream in 64 KiB chunks and never held whole; read back = get() streamed through SHA-256 and compared with the write's digest",
      "MB = 10^6 bytes; write time includes hashing; S3 write of unknown digest = multipart to _tmp/ + server-side copy (s3rver: a file copy) + delete",
      `parts: appendPart of ${partMiB} MiB parts one after another, then completeParts (S3: each part GET in order, multipart to _tmp/, copy)`,
      "VmHWM: the child's peak resident memory (largest process of its tree) after loading the code, and after the work; s3rver runs in the bench process, not the child",
      "both run on loopback and the same disk; reads right after writes come largely from the page cache",
    ],
  });
}

const scenario: Scenario = {
  name: "media-objects",
  description:
    "2 GiB objects written and read as streams through the local and S3 (s3rver) drivers, as one put and as 4 MiB parts: MB/s and peak RSS",
  run,
};

export default scenario;
