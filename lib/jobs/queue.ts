// The queue client: what domain code enqueues through, by queue name and typed payload. It loads
// the payload schemas and queue settings (payloads.ts, queues.ts), never a handler, so a web route
// that enqueues does not load what the job does (sharp, the tour client...). Only the worker side
// (worker.ts, registry.ts) imports handlers. tests/unit/web-import-graph.test.ts keeps it so.
import pg from "pg";
import PgBoss from "pg-boss";
import { config } from "../config";
import type { Tx } from "../db/client";
import { databaseUrl } from "../db/database-url";
import { log } from "../log";
import { dropProcessSingleton, processSingleton } from "../process-state";
import { fairPriority } from "./fair-share";
import { type JobInput, type JobPayload, jobPayloads, type QueueName } from "./payloads";
import { giveUpQueueOf, queueNames, queues, retiredQueueNames } from "./queues";
import { inTransaction, prismaExecutor, type SqlExecutor } from "./sql-executor";

const slot = "job-queue";

/** pg-boss's settings for a queue, from lib/jobs/queues.ts. */
export function queueOptions(name: QueueName): PgBoss.Queue {
  const settings = queues[name];
  return {
    name,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
    // pg-boss refuses the key when it is present and not a string.
    ...(settings.giveUp ? { deadLetter: giveUpQueueOf(name) } : {}),
  };
}

/**
 * pg-boss 10 refuses to send to a queue that does not exist, so every declared queue is created
 * once per process, before the first send (and a retired one deleted). An existing queue is left as it is (a worker brings
 * its settings up to date, lib/jobs/worker.ts), except that one made before it had a give-up
 * step gets its dead-letter queue.
 */
async function createQueues(boss: PgBoss): Promise<void> {
  await withQueueSetupLock(async () => {
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    const create = async (name: string, options: PgBoss.Queue) => {
      if (!existing.has(name)) await boss.createQueue(name, options);
    };
    for (const name of queueNames) {
      const options = queueOptions(name);
      // pg-boss gives a dead-letter job the failed job's retry limit, not this queue's.
      if (options.deadLetter) await create(options.deadLetter, { name: options.deadLetter });
      await create(name, options);
      if (options.deadLetter) await boss.updateQueue(name, { name, deadLetter: options.deadLetter });
    }
    for (const name of retiredQueueNames) if (existing.has(name)) await boss.deleteQueue(name);
  });
}

// Any fixed number: the lock only serialises queue creation between processes of this app.
const queueSetupLockKey = 7_193_201;

/**
 * Creating a queue attaches a partition to pg-boss's job table; two processes doing that at once
 * (replicas starting together) deadlock in PostgreSQL and one of them fails to start. So queue
 * creation takes a session advisory lock, on a connection of its own, and processes take turns.
 */
async function withQueueSetupLock<T>(work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [queueSetupLockKey]);
    return await work();
  } finally {
    // Closing the session releases the lock too, should the unlock fail.
    await client.query("SELECT pg_advisory_unlock($1)", [queueSetupLockKey]).catch(() => undefined);
    await client.end();
  }
}

async function startBoss(): Promise<PgBoss> {
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
  await createQueues(boss);
  return boss;
}

/** The process's pg-boss client, started and with every queue created on first use. */
export function jobQueue(): Promise<PgBoss> {
  return processSingleton(slot, () => {
    const starting = startBoss();
    // A start that failed (database not up yet) is tried again by the next caller.
    starting.catch(() => {
      const current = processSingleton<unknown>(slot, () => undefined);
      if (current === starting || current === undefined) dropProcessSingleton(slot);
    });
    return starting;
  });
}

export interface EnqueueOptions {
  /** The caller's transaction: the job commits or rolls back with the change it follows. */
  tx?: Tx;
  startAfterSeconds?: number;
  singletonKey?: string;
}

/**
 * Sends a job through `executor` (the caller's transaction). On a fair queue this takes the job's
 * virtual start from its key's share (lib/jobs/fair-share.ts) in the same transaction.
 */
export async function sendThrough<N extends QueueName>(
  boss: PgBoss,
  executor: SqlExecutor,
  name: N,
  payload: JobInput<N>,
  options: Omit<EnqueueOptions, "tx"> = {},
): Promise<string | null> {
  const data = jobPayloads[name].parse(payload) as JobPayload<N>;
  const fair = queues[name].fair;
  const priority = fair ? await fairPriority(executor, name, fair.key(data), fair.costSeconds(data)) : undefined;
  // Options left undefined are left out: pg-boss tests some by presence (`'priority' in options`).
  return boss.send(name, data as object, {
    db: executor,
    ...(priority !== undefined && { priority }),
    ...(options.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
    ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
  });
}

/**
 * Enqueues a job. Given `tx`, the job commits or rolls back with the change it follows, so no job
 * is ever sent for a change that did not happen (or lost for one that did).
 */
export async function enqueue<N extends QueueName>(
  name: N,
  payload: JobInput<N>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const boss = await jobQueue();
  const { tx, ...rest } = options;
  if (tx) return sendThrough(boss, prismaExecutor(tx), name, payload, rest);
  return inTransaction((executor) => sendThrough(boss, executor, name, payload, rest));
}

/** Stops the client: workers stop taking jobs, running ones finish (or go back to the queue on timeout). */
export async function stopJobs(timeoutMs = 20_000): Promise<void> {
  const pending = processSingleton<Promise<PgBoss> | undefined>(slot, () => undefined);
  dropProcessSingleton(slot);
  const boss = await pending?.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
