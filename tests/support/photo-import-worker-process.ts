import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startWorker, type WorkerProcess } from "./worker-process";

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

export type PhotoWorkerProcess = WorkerProcess;

function queueArgs(queue: PhotoQueueSettings = {}): string[] {
  const args: string[] = [];
  if (queue.expireInSeconds !== undefined) args.push("--expire-in-seconds", String(queue.expireInSeconds));
  if (queue.retryLimit !== undefined) args.push("--retry-limit", String(queue.retryLimit));
  if (queue.retryDelaySeconds !== undefined) args.push("--retry-delay-seconds", String(queue.retryDelaySeconds));
  return args;
}

/**
 * Starts tests/support/photo-import-worker.ts and resolves once it takes jobs. Its temp files
 * (fetched bodies, including those a killed worker leaves behind) live in its own folder.
 */
export function startPhotoWorker(options: StartPhotoWorkerOptions): Promise<PhotoWorkerProcess> {
  const args = ["--photo-port", String(options.photoServer.port), ...queueArgs(options.queue)];
  if (options.deadlineSeconds !== undefined) args.push("--deadline-seconds", String(options.deadlineSeconds));
  return startWorker({
    script: "tests/support/photo-import-worker.ts",
    args,
    env: { ...options.env, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir },
    readyLine: photoWorkerReadyLine,
    timeoutMs: options.startTimeoutMs,
    prepare: async (dir) => {
      const caFile = path.join(dir, "ca.pem");
      const spool = path.join(dir, "tmp");
      await writeFile(caFile, options.photoServer.ca);
      await mkdir(spool);
      return { args: ["--ca-file", caFile], env: { TMPDIR: spool } };
    },
  });
}
