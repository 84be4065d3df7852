import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopProcess } from "./app-process";
import type { TourProviderServer } from "./tour-provider";

const root = path.resolve(import.meta.dirname, "../..");

/** What tests/support/tour-import-worker.ts prints once its workers take jobs. */
export const tourWorkerReadyLine = "tour-import-worker: taking jobs";

export interface TourWorkerProcess {
  pid: number;
  logFile: string;
  /** SIGTERM (running jobs finish), then removes the worker's log folder. */
  stop(): Promise<void>;
}

export interface StartTourWorkerOptions {
  databaseUrl: string;
  /** The app's DATA_DIR: images are stored where its /media route reads them. */
  dataDir: string;
  provider: TourProviderServer;
  /** Added to the worker's environment (APP_SECRET, LOG_LEVEL...). */
  env?: Record<string, string>;
}

/** Starts the tour import worker as its own process group and resolves once it takes jobs. */
export async function startTourWorker(options: StartTourWorkerOptions): Promise<TourWorkerProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-tour-worker-"));
  const logFile = path.join(dir, "worker.log");
  const logFd = openSync(logFile, "a");
  const { provider } = options;
  const args = ["--api-url", provider.apiUrl, "--port", String(provider.port), "--ca-file", provider.caFile];
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/support/tour-import-worker.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      TOUR_API_URL: provider.apiUrl,
      TOUR_API_TOKEN_ID: provider.tokenId,
      TOUR_API_TOKEN_SECRET: provider.tokenSecret,
      NODE_EXTRA_CA_CERTS: provider.caFile,
    },
    stdio: ["ignore", logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = await readFile(logFile, "utf8").catch(() => "");
    if (text.includes(tourWorkerReadyLine)) return { pid: child.pid!, logFile, stop };
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The tour import worker did not get ready. Its log ends:\n${text.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
