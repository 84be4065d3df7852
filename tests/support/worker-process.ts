import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopProcess } from "./app-process";

const root = path.resolve(import.meta.dirname, "../..");

export interface WorkerProcess {
  pid: number;
  logFile: string;
  /** SIGKILL to the whole process group: the worker and the ffmpeg it runs die together. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** `npm run worker` exactly (tsx scripts/worker.ts) against an app's database and DATA_DIR; resolves once it takes jobs. */
export async function startWorkerProcess(options: { databaseUrl: string; dataDir: string; env?: Record<string, string> }): Promise<WorkerProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-worker-"));
  const logFile = path.join(dir, "worker.log");
  const logFd = openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, ...options.env, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir },
    stdio: ["ignore", logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const kill = async () => {
    process.kill(-child.pid!, "SIGKILL");
    await exited;
  };
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = await readFile(logFile, "utf8").catch(() => "");
    if (text.includes("Workers running")) return { pid: child.pid!, logFile, kill, stop };
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`The worker did not start. Its log ends:\n${text.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
