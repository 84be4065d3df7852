// The worker side: runs the registered handlers. Only processes that work jobs load this (and
// through the registry every handler and what it needs); enqueuing goes through lib/queue/enqueue.ts.
import "server-only";
import type PgBoss from "pg-boss";
import { config } from "../config";
import { log } from "../log";
import { runAttempt, workerState } from "./attempt";
import type { JobDefinition } from "./definition";
import { endJob } from "./end-job";
import { closeLeases } from "./lease";
import { survivesOutages } from "../errors/outage-guard";
import { jobPayloads } from "../queue/payloads";
import { jobQueue, queueOptions, stopJobs } from "../queue/job-queue";
import { giveUpQueueOf, queues } from "../queue/queues";
import { reclaimOrphanedJobs } from "./reclaim-orphans";
import { jobRegistry } from "./registry";
import { startWakeListener, stopWakeListener } from "./wake-listener";
import { startWebhookDispatcher, stopWebhookDispatcher } from "../webhooks/dispatcher";

/*
 * Each loop asks the database for a job every `pollingIntervalSeconds` while its queue is idle:
 * at 0.5 s for every loop an idle worker ran some 80 transactions a second. A job someone waits
 * for is found within half a second by its queue's first loop; the queue's other loops (its
 * concurrency) look every 2 s, and whenever one loop of a queue receives a job it wakes the
 * others (pg-boss `notifyWorker`), so under load they look again at once instead of sleeping.
 * A queue someone waits for (`wakeOnSend`) is also woken when a job is sent (lib/jobs/wake-listener.ts).
 * Schedules and give-up steps wait for nobody and look every 5 s.
 */
const pollSeconds = { first: 0.5, more: 2, unhurried: 5 } as const;
const fetchOptions = (pollingIntervalSeconds: number) =>
  ({ batchSize: 1, pollingIntervalSeconds, includeMetadata: true }) as const;

/** pg-boss's default expiry, which the give-up queues keep. */
const defaultExpireInSeconds = 15 * 60;

/**
 * Runs `work` for one received job and ends the job here, never by a rejection to pg-boss, so a
 * database away at the end of an attempt is waited out instead of ending the process
 * (lib/jobs/end-job.ts).
 */
async function attemptAndEnd(
  boss: PgBoss,
  queue: string,
  jobId: string,
  expireInSeconds: number,
  work: () => Promise<"abandoned" | void>,
) {
  let outcome: { failure?: unknown } = {};
  try {
    if ((await work()) === "abandoned") return;
  } catch (error) {
    outcome = { failure: error };
  }
  await endJob(boss, queue, jobId, outcome, expireInSeconds);
}

/** Runs a job's give-up step for each job that pg-boss failed for good (lib/queue/queues.ts `giveUp`). */
async function workGiveUps(boss: PgBoss, job: JobDefinition): Promise<void> {
  const onGiveUp = job.onGiveUp!;
  const queue = giveUpQueueOf(job.queue);
  await boss.work(queue, fetchOptions(pollSeconds.unhurried), async ([received]) => {
    if (!received) return;
    log().warn({ job: job.queue, jobId: received.id }, "job failed for good; running its give-up step");
    await attemptAndEnd(boss, queue, received.id, defaultExpireInSeconds, () =>
      onGiveUp(jobPayloads[job.queue].parse(received.data), received.output),
    );
  });
}

/**
 * Looks for attempts whose worker died (lib/jobs/reclaim-orphans.ts) now and then at the job
 * queue's maintenance interval, so a killed worker's seal or import resumes in seconds.
 */
function startReclaiming(boss: PgBoss, jobs: readonly JobDefinition[]): void {
  const reclaim = () =>
    void reclaimOrphanedJobs(boss, jobs).catch((error: unknown) =>
      log().warn({ err: error }, "could not look for orphaned job attempts"),
    );
  reclaim();
  const state = workerState();
  clearInterval(state.reclaimTimer);
  state.reclaimTimer = setInterval(reclaim, config().JOB_MAINTENANCE_INTERVAL_SECONDS * 1000).unref();
}

/**
 * Runs the jobs' handlers in this process and installs their schedules: every registered job
 * unless told otherwise (a test worker runs one job with its own dependencies). Each queue's
 * settings are brought up to what lib/queue/queues.ts declares first, so a changed deadline
 * changes the expiry of jobs sent from then on.
 */
export async function startWorkers(jobs: readonly JobDefinition[] = jobRegistry): Promise<void> {
  survivesOutages();
  const boss = await jobQueue();
  workerState().stopping = false;
  const wakeable = new Map<string, string>();
  for (const job of jobs) {
    if (queues[job.queue].giveUp !== (job.onGiveUp !== undefined)) {
      throw new Error(`Job ${job.queue}: it must have a give-up step exactly when its queue declares giveUp.`);
    }
    await boss.updateQueue(job.queue, queueOptions(job.queue));
    if (job.schedule) await boss.schedule(job.queue, job.schedule, {}, { tz: "UTC" });
    if (job.onGiveUp) await workGiveUps(boss, job);
    const siblings: string[] = [];
    for (let i = 0; i < (job.concurrency ?? 1); i++) {
      const every = job.schedule ? pollSeconds.unhurried : i === 0 ? pollSeconds.first : pollSeconds.more;
      const self = { id: "" };
      self.id = await boss.work<object>(job.queue, fetchOptions(every), async ([received]) => {
        if (!received) return;
        // There may be more: the queue's other loops look now.
        for (const other of siblings) if (other !== self.id) boss.notifyWorker(other);
        await attemptAndEnd(boss, job.queue, received.id, queues[job.queue].expireInSeconds, () =>
          runAttempt(boss, job, received),
        );
      });
      siblings.push(self.id);
    }
    if (queues[job.queue].wakeOnSend) wakeable.set(job.queue, siblings[0]!);
  }
  startWakeListener(boss, wakeable);
  startReclaiming(boss, jobs);
  // The full worker also sends webhooks (their attempts are rows, not jobs: lib/webhooks/dispatcher.ts).
  if (jobs === jobRegistry) await startWebhookDispatcher();
}

/**
 * Stops this process's workers: long jobs pause at their next item and continue in a fresh job,
 * the rest finish (or go back to the queue after the timeout), then the lease connections close.
 */
export async function stopWorkers(timeoutMs?: number): Promise<void> {
  workerState().stopping = true;
  clearInterval(workerState().reclaimTimer);
  await Promise.all([stopJobs(timeoutMs), stopWebhookDispatcher(), stopWakeListener()]);
  await closeLeases();
}
