import "server-only";
import type { Tx } from "../db/client";
import type { JobPayload, QueueName } from "../queue/payloads";

/** What a handler knows about the attempt it runs in. */
export interface JobContext {
  jobId: string;
  /** Epoch milliseconds: the queue's deadline (lib/queue/queues.ts) counted from the attempt's start. */
  deadline: number;
  /**
   * True once the deadline has passed, the worker is stopping, or the attempt lost its lease. A
   * job that works through items asks between items, finishes the item in hand, and answers
   * `{ continueWith }`; the work goes on in a fresh job, which is not a failed attempt.
   */
  shouldPause(): boolean;
  /**
   * For a leased job (`workId`): throws LeaseLostError (lib/jobs/lease.ts) once the attempt no
   * longer holds its lease. Called right before the work's writes, inside their transaction
   * (`tx`), so that an attempt whose lease was dropped and taken over never writes beside the
   * one that took it. Does nothing for a job without a lease.
   */
  assertLeased(tx?: Tx): Promise<void>;
}

/** Nothing when the work is done (or has ended), or the payload of the job that continues it. */
export type JobOutcome<N extends QueueName> = void | { continueWith: JobPayload<N> };

/**
 * The worker side of a queue, one file per queue in lib/jobs/definitions: its handler and how a
 * worker runs it. The payload schema and the queue's settings are the queue layer's
 * (lib/queue/payloads.ts, lib/queue/queues.ts), below the domain that enqueues, so enqueuing
 * never loads this.
 */
export interface JobDefinition<N extends QueueName = QueueName> {
  queue: N;
  /** Cron (UTC) for jobs that run on a schedule; pg-boss keeps one schedule across all processes. */
  schedule?: string;
  /** How many of this job one process runs at once. */
  concurrency?: number;
  /** Replaces the queue's deadline (tests shorten it to force continuations). */
  deadlineSeconds?: number;
  /**
   * Names the work a job does. With it, an attempt holds a lease on (queue, work id) while it runs
   * (lib/jobs/lease.ts), and a second attempt of the same work that finds it held does not run
   * beside the first: it is put back to start a little later, keeping its retries. Without it,
   * the job file says why two attempts at once are safe.
   */
  workId?(payload: JobPayload<N>): string;
  handler(payload: JobPayload<N>, context: JobContext): Promise<JobOutcome<N>>;
  /**
   * Retries of the job's own, for work that must outlast a long outage (pg-boss's backoff doubles
   * without bound, so a day of retries would end in waits of many hours). Asked when an attempt
   * throws: the payload of a fresh job and how long it waits before it starts, or nothing to leave
   * the failure to pg-boss's retries (and then the give-up step).
   */
  retryLater?(payload: JobPayload<N>, error: unknown): { payload: JobPayload<N>; afterSeconds: number } | undefined;
  /**
   * Called once the last attempt has failed, by throwing or by outliving its timeout (a killed
   * worker), so the work can end in a final state. Runs from a queue of its own, without the
   * lease, and may run twice or beside a late attempt, so it must be idempotent under the work's
   * own row locks; `error` is what pg-boss recorded for the last attempt. Present exactly when
   * the queue declares `giveUp`.
   */
  onGiveUp?(payload: JobPayload<N>, error: unknown): Promise<void>;
}

export function defineJob<N extends QueueName>(definition: JobDefinition<N>): JobDefinition<N> {
  return definition;
}
