import "server-only";
import type PgBoss from "pg-boss";
import { log } from "../log";
import { processSingleton } from "../process-state";
import type { JobContext, JobDefinition } from "./definition";
import { LeaseLostError, takeLease } from "./lease";
import { type JobInput, type JobPayload, jobPayloads, type QueueName } from "../queue/payloads";
import { sendThrough } from "../queue/enqueue";
import { queues } from "../queue/queues";
import { inTransaction } from "../queue/sql-executor";

/** How long an attempt that found its work leased waits before it looks again. */
export const leaseHeldDelaySeconds = 10;

/** Set while the process stops its workers: long jobs pause at their next item instead of being cut off. */
export function workerState(): { stopping: boolean; reclaimTimer?: NodeJS.Timeout } {
  return processSingleton("job-workers", () => ({ stopping: false }));
}

type Received = PgBoss.JobWithMetadata<object>;

/**
 * The attempt found another attempt of the same work running (its lease held): it is completed
 * and a copy of it is sent to start a little later, in one transaction, with the same priority
 * and the retries it had left, so waiting costs no retry and no place in the fair order.
 */
async function putBack(boss: PgBoss, queue: QueueName, received: Received, workId: string): Promise<void> {
  const copy = await inTransaction(async (db) => {
    const id = await boss.send(queue, received.data, {
      db,
      priority: received.priority,
      startAfter: leaseHeldDelaySeconds,
      retryLimit: Math.max(0, received.retryLimit - received.retryCount),
    });
    await boss.complete(queue, received.id, { put_back_as: id, reason: "work leased by another attempt" }, { db });
    return id;
  });
  log().info({ job: queue, jobId: received.id, workId, copy }, "work is leased by another attempt; looking again shortly");
}

/**
 * The handler paused, or its failure is to be tried again later (`retryLater`): the job that
 * continues the work is sent (to start after `afterSeconds`) and this one completed in one
 * transaction, so the work is neither lost nor doubled if the worker dies here. It is a new job
 * (its own retries) and, on a fair queue, charged to its key again like any other job.
 */
async function continueInFreshJob<N extends QueueName>(
  boss: PgBoss,
  queue: N,
  received: Received,
  payload: JobPayload<N>,
  afterSeconds?: number,
): Promise<string | null> {
  return inTransaction(async (db) => {
    const id = await sendThrough(
      boss,
      db,
      queue,
      payload as JobInput<N>,
      afterSeconds === undefined ? {} : { startAfterSeconds: afterSeconds },
    );
    await boss.complete(queue, received.id, { continued_in: id }, { db });
    return id;
  });
}

/**
 * Runs one attempt of `job`: its lease, its deadline, and what follows a pause. Answers
 * "abandoned" when the attempt lost its lease: the job is then left as it is, since the attempt
 * that took the work over runs under the same job id (a pg-boss retry) and ends it.
 */
export async function runAttempt(boss: PgBoss, job: JobDefinition, received: Received): Promise<"abandoned" | undefined> {
  const payload = jobPayloads[job.queue].parse(received.data) as JobPayload<QueueName>;
  const settings = queues[job.queue];
  const deadline = Date.now() + 1000 * (job.deadlineSeconds ?? settings.deadlineSeconds ?? settings.expireInSeconds);
  const workId = job.workId?.(payload);
  const lease = workId === undefined ? undefined : await takeLease(job.queue, workId);
  if (lease === "held") {
    await putBack(boss, job.queue, received, workId!);
    return;
  }

  const context: JobContext = {
    jobId: received.id,
    deadline,
    shouldPause: () => Date.now() >= deadline || workerState().stopping || lease?.lost === true,
    assertLeased: async (tx) => lease?.assertHeld(tx),
  };
  let outcome;
  let failure: { error: unknown } | undefined;
  try {
    outcome = await job.handler(payload, context);
  } catch (error) {
    failure = { error };
  } finally {
    // Before any fresh job is sent, so that it never finds this attempt's lease still held.
    await lease?.release();
  }
  if (failure?.error instanceof LeaseLostError) {
    log().warn({ job: job.queue, jobId: received.id, workId }, "attempt lost its lease before its writes; it stops here");
    return "abandoned";
  }
  if (failure) {
    const retry = job.retryLater?.(payload, failure.error);
    log().error(
      { err: failure.error, job: job.queue, jobId: received.id, retryInSeconds: retry?.afterSeconds },
      "job attempt failed",
    );
    if (!retry) throw failure.error;
    // Should this send fail too (the database away), the attempt fails and pg-boss retries it.
    const next = await continueInFreshJob(boss, job.queue, received, retry.payload, retry.afterSeconds);
    log().info(
      { job: job.queue, jobId: received.id, next, retryInSeconds: retry.afterSeconds },
      "the work is tried again later, in a fresh job",
    );
    return;
  }
  if (outcome) {
    const next = await continueInFreshJob(boss, job.queue, received, outcome.continueWith);
    log().info({ job: job.queue, jobId: received.id, next }, "job paused; the work continues in a fresh job");
  }
  return undefined;
}
