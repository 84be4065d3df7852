import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopProcess } from "./app-process";

const root = path.resolve(import.meta.dirname, "../..");

/** What tests/support/photo-import-worker.ts prints once its workers take jobs. */
export const photoWorkerReadyLine = "photo-import-worker: taking jobs";

/**
 * Settings of the `import-baseline` queue the worker writes before taking jobs. pg-boss copies
 * them into each job when it is sent, so they apply to imports POSTed after the worker is ready.
 */
export interface PhotoQueueSettings {
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface StartPhotoWorkerOptions {
  databaseUrl: string;
  /** The app's DATA_DIR: photos are stored where its /media route reads them, signed with its secret. */
  dataDir: string;
  /** The local HTTPS photo server (tests/support/https-photo-server.ts) that stands in for the internet. */
  photoServer: { port: number; ca: string };
  queue?: PhotoQueueSettings;
  /** Shortens the deadline after which this worker's import attempts pause and continue in a fresh job. */
  deadlineSeconds?: number;
  /** Added to the worker's environment (e.g. JOB_MAINTENANCE_INTERVAL_SECONDS). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

export interface PhotoWorkerProcess {
  /** The tsx launcher's pid; the worker runs in its child, in the same process group. */
  pid: number;
  logFile: string;
  /** SIGTERM (running jobs finish), then removes the worker's temp folder. Safe after kill(). */
  stop(): Promise<void>;
  /** SIGKILL to the launcher and the worker together, as a crash would; the temp folder is kept until stop(). */
  kill(): Promise<void>;
}

async function waitForReady(child: ReturnType<typeof spawn>, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await readFile(logFile, "utf8").catch(() => "");
    if (text.includes(photoWorkerReadyLine)) return;
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tail = (await readFile(logFile, "utf8").catch(() => "")).slice(-4000);
  throw new Error(`The photo import worker did not get ready. Its log ends:\n${tail}`);
}

function queueArgs(queue: PhotoQueueSettings = {}): string[] {
  const args: string[] = [];
  if (queue.expireInSeconds !== undefined) args.push("--expire-in-seconds", String(queue.expireInSeconds));
  if (queue.retryLimit !== undefined) args.push("--retry-limit", String(queue.retryLimit));
  if (queue.retryDelaySeconds !== undefined) args.push("--retry-delay-seconds", String(queue.retryDelaySeconds));
  return args;
}

/**
 * Starts tests/support/photo-import-worker.ts as its own process group (so kill() reaches the
 * worker behind the tsx launcher) and resolves once it takes jobs. Its temp files (fetched bodies,
 * including those a killed worker leaves behind) live in its own folder, removed by stop().
 */
export async function startPhotoWorker(options: StartPhotoWorkerOptions): Promise<PhotoWorkerProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-photo-worker-"));
  const caFile = path.join(dir, "ca.pem");
  const spool = path.join(dir, "tmp");
  await writeFile(caFile, options.photoServer.ca);
  await mkdir(spool);
  const logFile = path.join(dir, "worker.log");
  const logFd = openSync(logFile, "a");
  const args = ["--photo-port", String(options.photoServer.port), "--ca-file", caFile, ...queueArgs(options.queue)];
  if (options.deadlineSeconds !== undefined) args.push("--deadline-seconds", String(options.deadlineSeconds));
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/support/photo-import-worker.ts", ...args], {
    cwd: root,
    env: { ...process.env, ...options.env, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, TMPDIR: spool },
    stdio: ["ignore", logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGKILL");
    await exited;
  };
  try {
    await waitForReady(child, logFile, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    await kill();
    await stop();
    throw error;
  }
  return { pid: child.pid!, logFile, stop, kill };
}
