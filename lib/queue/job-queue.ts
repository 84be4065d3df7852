// The process's pg-boss client and the queues it sends to. Infrastructure: it knows queue names,
// settings and payload schemas (payloads.ts, queues.ts), never a handler or the domain, so a web
// route that enqueues (lib/queue/enqueue.ts) does not load what a job does. Only the worker side
// (lib/jobs/worker.ts, lib/jobs/registry.ts) imports handlers; tests/unit/web-import-graph.test.ts keeps it so.
import "server-only";
import pg from "pg";
import PgBoss from "pg-boss";
import { config } from "../config";
import { databaseUrl } from "../db/database-url";
import { log } from "../log";
import { dropProcessSingleton, processSingleton } from "../process-state";
import type { QueueName } from "./payloads";
import { giveUpQueueOf, queueNames, queues, retiredQueueNames } from "./queues";

const slot = "job-queue";

/*
 * How long finished jobs are kept (pg-boss's defaults: 12 hours in the job table, then 7 days in
 * the archive, some 10 million rows at 50,000 walkthroughs a day of 15 to 35 jobs each). What
 * operations read is recent: a job's state just after it ran (tests, `admin jobs`), and failed
 * jobs, which `admin jobs` and the consoles list until they are archived. So a completed job
 * leaves the job table after an hour, a failed one after 12 hours as before, and the archive
 * keeps both one day: about 2 to 4 million rows at that volume (README, Deployment).
 */
const jobRetention = {
  archiveCompletedAfterSeconds: 60 * 60,
  archiveFailedAfterSeconds: 12 * 60 * 60,
  deleteAfterDays: 1,
} as const;

/** pg-boss's settings for a queue, from lib/queue/queues.ts. */
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
  // A connection cut while the lock is held fails the statement in flight; unheard, its error
  // event would end the process.
  client.on("error", () => undefined);
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
    ...jobRetention,
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

/** Stops the client: workers stop taking jobs, running ones finish (or go back to the queue on timeout). */
export async function stopJobs(timeoutMs = 20_000): Promise<void> {
  const pending = processSingleton<Promise<PgBoss> | undefined>(slot, () => undefined);
  dropProcessSingleton(slot);
  const boss = await pending?.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
