// What domain code enqueues through: a job by queue name and typed payload, in the caller's
// transaction. Loads the payload schemas and queue settings, never a handler.
import "server-only";
import type PgBoss from "pg-boss";
import type { Tx } from "../db/client";
import { fairPriority } from "./fair-share";
import { jobQueue } from "./job-queue";
import { type JobInput, type JobPayload, jobPayloads, type QueueName } from "./payloads";
import { jobWakeChannel, queues } from "./queues";
import { inTransaction, prismaExecutor, type SqlExecutor } from "./sql-executor";

export interface EnqueueOptions {
  /** The caller's transaction: the job commits or rolls back with the change it follows. */
  tx?: Tx;
  startAfterSeconds?: number;
  singletonKey?: string;
}

/**
 * Sends a job through `executor` (the caller's transaction). On a fair queue this takes the job's
 * virtual start from its key's share (lib/queue/fair-share.ts) in the same transaction.
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
  const id = await boss.send(name, data as object, {
    db: executor,
    ...(priority !== undefined && { priority }),
    ...(options.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
    ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
  });
  // Delivered at commit only, so a worker never wakes for a job that was rolled back
  // (lib/jobs/wake-listener.ts). A job that starts later has no one to wake now.
  if (id !== null && queues[name].wakeOnSend && options.startAfterSeconds === undefined) {
    await executor.executeSql("SELECT true AS sent FROM (SELECT pg_notify($1, $2)) AS notified", [jobWakeChannel, name]);
  }
  return id;
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
