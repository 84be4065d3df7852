// Test and benchmark code only; production never imports it (`npm run worker` runs the real job).
// A job worker that runs the `import-baseline` job alone, with fetch rules that let the local
// HTTPS photo server (https-photo-server.ts) stand in for the public internet, so an import
// POSTed to a web-only app (RUN_WORKERS=false) is carried out by a process a test can kill.
//
//   DATABASE_URL=... DATA_DIR=<the app's> tsx tests/support/photo-import-worker.ts \
//     --photo-port <port> --ca-file <pem> [--expire-in-seconds n] [--retry-limit n] [--retry-delay-seconds n]
//     [--deadline-seconds n]
//
// The queue options rewrite the `import-baseline` queue row in the test's own database; pg-boss
// copies them into each job at send time, so imports POSTed afterwards expire (and come back
// from a killed worker) after seconds instead of 13 minutes. `--deadline-seconds` shortens the
// deadline after which this worker's attempts pause and continue in a fresh job.
// Start it with photo-import-worker-process.ts.
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "../../scripts/allow-server-only";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type PgBoss from "pg-boss";
import { closeDb } from "../../lib/db/client";
import { jobQueue } from "../../lib/queue/job-queue";
import { startWorkers, stopWorkers } from "../../lib/jobs/worker";
import { defineImportBaselineJob } from "../../lib/jobs/definitions/import-baseline";
import { mediaStorage } from "../../lib/media/media-storage";
import { localFetchOptions, type PhotoServer } from "./https-photo-server";
import { photoWorkerReadyLine } from "./photo-import-worker-process";

const say = (line: string) => process.stderr.write(`[photo-import-worker] ${line}\n`);

const { values } = parseArgs({
  options: {
    "photo-port": { type: "string" },
    "ca-file": { type: "string" },
    "expire-in-seconds": { type: "string" },
    "retry-limit": { type: "string" },
    "retry-delay-seconds": { type: "string" },
    "deadline-seconds": { type: "string" },
  },
});

function count(name: keyof typeof values, min: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}, got ${raw}`);
  return value;
}

async function main(): Promise<void> {
  const port = count("photo-port", 1);
  const caFile = values["ca-file"];
  if (port === undefined || caFile === undefined) throw new Error("--photo-port and --ca-file are required");
  // localFetchOptions reads only the server's port and certificate.
  const server = { port, ca: readFileSync(caFile, "utf8") } as PhotoServer;
  const job = defineImportBaselineJob(
    { photos: { fetchOptions: localFetchOptions(server), storage: mediaStorage() } },
    { deadlineSeconds: count("deadline-seconds", 1) },
  );

  const settings: PgBoss.Queue = { name: job.queue };
  const expireInSeconds = count("expire-in-seconds", 1);
  const retryLimit = count("retry-limit", 0);
  const retryDelay = count("retry-delay-seconds", 0);
  if (expireInSeconds !== undefined) settings.expireInSeconds = expireInSeconds;
  if (retryLimit !== undefined) settings.retryLimit = retryLimit;
  if (retryDelay !== undefined) settings.retryDelay = retryDelay;
  // startWorkers() brings the queue row to the code's settings; these are written after it, and
  // the app's createQueue leaves the updated row alone. updateQueue sets only the fields it is
  // given (COALESCE per column), so the dead-letter queue (`<name>-given-up`, which give-ups go
  // through) stays. Nothing is sent before the worker says it is ready.
  await startWorkers([job]);
  if (Object.keys(settings).length > 1) {
    await (await jobQueue()).updateQueue(job.queue, settings);
    say(`queue ${job.queue}: ${JSON.stringify(settings)}`);
  }
  say(photoWorkerReadyLine);

  const stop = async () => {
    await stopWorkers();
    await closeDb();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  say(`could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
