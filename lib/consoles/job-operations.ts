import "server-only";
import { listQueueStats } from "../jobs/queue-stats";
import type { QueueName } from "../queue/payloads";
import { queues } from "../queue/queues";
import { retryGivenUp, UnknownQueueError } from "../jobs/retry-given-up";
import { ApiError } from "../errors/api-error";
import { type Actor, recordAudit } from "./audit";

export async function jobsOverview() {
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
