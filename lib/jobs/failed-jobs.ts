import "server-only";
import { db } from "../db/client";
import type { QueueName } from "../queue/payloads";
import { giveUpQueueOf, queueNames, queues } from "../queue/queues";
import { UnknownQueueError } from "./retry-given-up";

/** A job that failed for good, as staff read it: when, after how many attempts, and why. */
export interface FailedJob {
  id: string;
  /** `failed`: the queue's own job, its give-up step already ran; `dead-lettered`: the give-up step failed too. */
  kind: "failed" | "dead-lettered";
  createdAt: string;
  failedAt?: string;
  attempts: number;
  error: string;
  /** Only dead-lettered work of a queue with a give-up step is sent back: that step is safe to run twice. */
  retryable: boolean;
}

export const failedJobsShown = 50;

/** The error pg-boss kept for the job (`output`: an Error's fields, or what the handler threw). */
export function errorOf(output: unknown): string {
  if (output === null || output === undefined) return "No error was recorded.";
  if (typeof output === "string") return output;
  if (typeof output === "object" && "message" in output && typeof output.message === "string") return output.message;
  return JSON.stringify(output);
}

function knownQueue(queue: string): QueueName {
  const name = queueNames.find((candidate) => candidate === queue) as QueueName | undefined;
  if (name === undefined) throw new UnknownQueueError(`${queue} is not a queue.`);
  return name;
}

async function hasJobTable(): Promise<boolean> {
  const [schema] = await db().$queryRaw<{ present: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
  return schema?.present === true;
}

/** The queue's failed jobs and its dead-lettered ones, newest failure first, at most {@link failedJobsShown}. */
export async function listFailedJobs(queue: string): Promise<FailedJob[]> {
  const name = knownQueue(queue);
  if (!(await hasJobTable())) return [];
  const giveUp = queues[name].giveUp ? giveUpQueueOf(name) : null;
  const rows = await db().$queryRaw<
    { id: string; name: string; created_on: Date; completed_on: Date | null; retry_count: number; output: unknown }[]
  >`
    SELECT id::text AS id, name, created_on, completed_on, retry_count, output
    FROM pgboss.job
    WHERE state = 'failed' AND (name = ${name} OR name = ${giveUp ?? name})
    ORDER BY completed_on DESC NULLS LAST, created_on DESC
    LIMIT ${failedJobsShown}`;
  return rows.map((row) => {
    const deadLettered = giveUp !== null && row.name === giveUp;
    return {
      id: row.id,
      kind: deadLettered ? "dead-lettered" : "failed",
      createdAt: row.created_on.toISOString(),
      failedAt: row.completed_on?.toISOString(),
      attempts: row.retry_count + 1,
      error: errorOf(row.output),
      retryable: deadLettered,
    };
  });
}

/** One dead-lettered job sent back, as {@link retryGivenUp} does for all; false if it is not (or no longer) there. */
export async function retryGivenUpJob(queue: string, jobId: string): Promise<boolean> {
  const name = knownQueue(queue);
  if (!queues[name].giveUp) throw new UnknownQueueError(`${queue} is not a queue with a give-up step.`);
  if (!(await hasJobTable())) return false;
  const changed = await db().$executeRaw`
    UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
    WHERE name = ${giveUpQueueOf(name)} AND state = 'failed' AND id::text = ${jobId}`;
  return changed > 0;
}
