import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, stopProcess, waitForServer } from "../tests/support/app-process";

const root = path.resolve(import.meta.dirname, "..");

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Runs a TypeScript HTTP server the way the app is run (`node tsx/dist/cli.mjs <script>`), with
 * PORT set and its output in a log file, and resolves once it answers on `/`.
 */
export async function startNodeServer(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-bench-"));
  const port = await freePort();
  const logFile = path.join(dir, `${path.basename(script, ".ts")}.log`);
  const logFd = openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseUrl, child, logFile, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, logFile, stop };
}

/** The pid and every live descendant (tsx runs the real server as a child of its launcher). */
export async function processTree(pid: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // The parent pid is the second field after the parenthesised command name.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!Number.isFinite(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0 && tree.length < 10_000) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

async function statusKiB(pid: number, field: "VmHWM" | "VmRSS"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : 0;
}

/**
 * Peak resident memory of the largest process in the tree (the server, not its launcher),
 * as the kernel recorded it (VmHWM); read it before stopping the process.
 */
export async function peakRssMiB(pid: number): Promise<number> {
  const peaks = await Promise.all((await processTree(pid)).map((member) => statusKiB(member, "VmHWM")));
  return Math.max(0, ...peaks) / 1024;
}

/** Resident memory right now of the largest process in the tree, for sampling during a run. */
export async function rssMiB(pid: number): Promise<number> {
  const sizes = await Promise.all((await processTree(pid)).map((member) => statusKiB(member, "VmRSS")));
  return Math.max(0, ...sizes) / 1024;
}

// Linux reports CPU time in clock ticks, 100 per second on every common kernel configuration.
const ticksPerSecond = 100;

/** CPU seconds (user + system) used so far by the process and its live descendants. */
export async function cpuSeconds(pid: number): Promise<number> {
  let ticks = 0;
  for (const member of await processTree(pid)) {
    const stat = await readFile(`/proc/${member}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name.
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / ticksPerSecond;
}
