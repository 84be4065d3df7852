import PgBoss from "pg-boss";
import type { z } from "zod";
import { config } from "../config";
import { type Tx } from "../db/client";
import { log } from "../log";
import type { JobDefinition } from "./definition";
import { jobRegistry } from "./registry";

const holder = globalThis as typeof globalThis & { __walkthroughBoss?: Promise<PgBoss> };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

async function createBoss(): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    max: 4,
    schema: "pgboss",
    // Maintenance is what notices attempts that outlived their timeout (a killed worker's).
    maintenanceIntervalSeconds: config().JOB_MAINTENANCE_INTERVAL_SECONDS,
  });
  boss.on("error", (error: Error & { code?: string }) =>
    log().error({ err: { message: error.message, code: error.code } }, "job queue error"),
  );
  await boss.start();
  for (const job of jobRegistry) {
    const deadLetter = job.onGiveUp ? giveUpQueue(job) : undefined;
    // pg-boss gives a dead-letter job the failed job's retry limit, not this queue's.
    if (deadLetter) await boss.createQueue(deadLetter, { name: deadLetter });
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: job.timeoutSeconds ?? 15 * 60,
      // pg-boss refuses the key when it is present and not a string.
      ...(deadLetter ? { deadLetter } : {}),
    });
    // createQueue leaves an existing queue as it was; a queue made before it had a give-up step gets one.
    if (deadLetter) await boss.updateQueue(job.name, { name: job.name, deadLetter });
  }
  return boss;
}

/**
 * Where pg-boss puts a job whose last attempt failed, whether it threw or its worker died and the
 * attempt expired: the dead-letter insert runs in the statement that fails the job, so the
 * give-up step is never skipped (a killed last attempt must not leave an import `importing`).
 */
function giveUpQueue(job: JobDefinition): string {
  return `${job.name}-given-up`;
}

/** The queue client: one per process, started on first use (web processes only send). */
export function jobQueue(): Promise<PgBoss> {
  holder.__walkthroughBoss ??= createBoss();
  return holder.__walkthroughBoss;
}

/** Runs a job's give-up step for each job that pg-boss failed for good (see `giveUpQueue`). */
async function workGiveUps(boss: PgBoss, job: JobDefinition): Promise<void> {
  const onGiveUp = job.onGiveUp!;
  await boss.work(giveUpQueue(job), { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([received]) => {
    if (!received) return;
    log().warn({ job: job.name, jobId: received.id }, "job failed for good; running its give-up step");
    await onGiveUp(job.payload.parse(received.data), received.output);
  });
}

/**
 * Runs the jobs' handlers in this process and installs their schedules: every registered job
 * unless told otherwise (a test worker runs one job with its own dependencies).
 */
export async function startWorkers(jobs: readonly JobDefinition[] = jobRegistry): Promise<void> {
  const boss = await jobQueue();
  for (const job of jobs) {
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: "UTC" });
    if (job.onGiveUp) await workGiveUps(boss, job);
    const concurrency = job.concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      await boss.work(
        job.name,
        { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
        async ([received]) => {
          if (!received) return;
          const payload: unknown = job.payload.parse(received.data);
          try {
            await job.handler(payload, { jobId: received.id });
          } catch (error) {
            log().error({ err: error, job: job.name, jobId: received.id }, "job attempt failed");
            throw error;
          }
        },
      );
    }
  }
}

/**
 * Enqueues a job; given a transaction, the job commits or rolls back with the change it
 * follows, so no job is ever sent for a change that did not happen (or lost for one that did).
 */
export async function sendJob<S extends z.ZodType>(
  job: JobDefinition<S>,
  payload: z.input<S>,
  options: { tx?: Tx; startAfterSeconds?: number; singletonKey?: string } = {},
): Promise<string | null> {
  const boss = await jobQueue();
  const tx = options.tx;
  return boss.send(job.name, job.payload.parse(payload) as object, {
    startAfter: options.startAfterSeconds,
    singletonKey: options.singletonKey,
    db: tx ? { executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe(text, ...values) }) } : undefined,
  });
}

/** Stops taking jobs, lets running ones finish (or returns them to the queue on timeout). */
export async function stopJobs(timeoutMs = 20_000): Promise<void> {
  const pending = holder.__walkthroughBoss;
  holder.__walkthroughBoss = undefined;
  if (!pending) return;
  const boss = await pending;
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
