import "server-only";
import { z } from "zod";
import { listQueueStats } from "../jobs/queue-stats";
import type { QueueName } from "../queue/payloads";
import { queues } from "../queue/queues";
import { retryGivenUp, UnknownQueueError } from "../jobs/retry-given-up";
import { listFailedJobs, retryGivenUpJob, type FailedJob } from "../jobs/failed-jobs";
import { ApiError } from "../errors/api-error";
import { type Actor, recordAudit } from "./audit";

/** One queue's counts, and whether what it gave up on may be retried. */
export const queueRow = z.object({
  queue: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  deadLetter: z.number().int(),
  oldestWaitingSeconds: z.number().optional(),
  retryable: z.boolean(),
});
export type QueueRow = z.infer<typeof queueRow>;

export async function jobsOverview(): Promise<{ queues: QueueRow[] }> {
  const stats = await listQueueStats();
  return { queues: stats.map((stat) => ({ ...stat, retryable: queues[stat.queue as QueueName]?.giveUp === true })) };
}

export async function retryGivenUpAs(actor: Actor, queue: string) {
  try {
    const retried = await retryGivenUp(queue);
    await recordAudit({ actor, action: "jobs.retry_given_up", objectType: "queue", objectId: queue, detail: { retried } });
    return { queue, retried };
  } catch (error) {
    if (error instanceof UnknownQueueError) throw new ApiError("not_found", { message: error.message });
    throw error;
  }
}

export async function failedJobsOf(queue: string): Promise<{ queue: string; jobs: FailedJob[] }> {
  try {
    return { queue, jobs: await listFailedJobs(queue) };
  } catch (error) {
    if (error instanceof UnknownQueueError) throw new ApiError("not_found", { message: error.message });
    throw error;
  }
}

/** One dead-lettered job sent back, audited as the whole queue's retry is (with the job's id). */
export async function retryOneGivenUpAs(actor: Actor, queue: string, jobId: string) {
  try {
    const retried = await retryGivenUpJob(queue, jobId);
    if (!retried) throw new ApiError("not_found", { message: `No dead-lettered job ${jobId} in ${queue}.` });
    await recordAudit({
      actor,
      action: "jobs.retry_given_up",
      objectType: "queue",
      objectId: queue,
      detail: { retried: 1, job_id: jobId },
    });
    return { queue, retried: 1 };
  } catch (error) {
    if (error instanceof UnknownQueueError) throw new ApiError("not_found", { message: error.message });
    throw error;
  }
}
