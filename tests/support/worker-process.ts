import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopProcess } from "./app-process";

const root = path.resolve(import.meta.dirname, "../..");

export interface WorkerProcess {
  /** The tsx launcher's pid; the worker runs in its child, in the same process group. */
  pid: number;
  logFile: string;
  /** The process's own temp folder (its log, and whatever the caller put there), removed by stop(). */
  dir: string;
  /** SIGTERM (running jobs finish), then removes the temp folder. Safe after kill(). */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group (the worker and any ffmpeg it runs), as a crash would; the folder stays until stop(). */
  kill(): Promise<void>;
}

export interface StartWorkerOptions {
  /** The script tsx runs: `scripts/worker.ts` (npm run worker) or a test worker. */
  script: string;
  args?: string[];
  env: Record<string, string>;
  /** What the script prints once it takes jobs. */
  readyLine: string;
  /** Runs before the spawn with the process's temp folder; answers more arguments and environment naming files there. */
  prepare?(dir: string): Promise<{ args?: string[]; env?: Record<string, string> }>;
  timeoutMs?: number;
}

/** Starts a job worker as its own process group and resolves once it prints `readyLine`. */
export async function startWorker(options: StartWorkerOptions): Promise<WorkerProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-worker-"));
  const prepared = (await options.prepare?.(dir)) ?? {};
  const logFile = path.join(dir, "worker.log");
  const logFd = openSync(logFile, "a");
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), options.script, ...(options.args ?? []), ...(prepared.args ?? [])],
    {
      cwd: root,
      env: { ...process.env, ...options.env, ...prepared.env },
      stdio: ["ignore", logFd, logFd],
      detached: true,
    },
  );
  closeSync(logFd);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (gone()) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGKILL");
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const text = await readFile(logFile, "utf8").catch(() => "");
    if (text.includes(options.readyLine)) return { pid: child.pid!, logFile, dir, stop, kill };
    if (Date.now() > deadline || gone()) {
      await kill();
      await stop();
      throw new Error(`${options.script} did not get ready. Its log ends:\n${text.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `npm run worker` exactly (tsx scripts/worker.ts) against an app's database and DATA_DIR. */
export function startWorkerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<WorkerProcess> {
  return startWorker({
    script: "scripts/worker.ts",
    env: { ...options.env, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir },
    readyLine: "Workers running",
  });
}
