import "server-only";
import { db } from "../db/client";
import type { QueueName } from "../queue/payloads";
import { giveUpQueueOf, queueNames, queues } from "../queue/queues";

export class UnknownQueueError extends Error {}

/**
 * Staff's retry of dead-lettered work: the queue's give-up steps that failed in their turn
 * (an import never marked failed, an inspection never failed) run again, as pg-boss's own
 * `retry` does it: back to `retry`, one more attempt allowed. Each give-up step is safe to run
 * twice (it ends only what is still running). Answers how many were sent back.
 */
export async function retryGivenUp(queue: string): Promise<number> {
  const name = queueNames.find((candidate) => candidate === queue) as QueueName | undefined;
  if (name === undefined || !queues[name].giveUp) throw new UnknownQueueError(`${queue} is not a queue with a give-up step.`);
  const [schema] = await db().$queryRaw<{ present: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
  if (!schema?.present) return 0;
  return db().$executeRaw`
    UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
    WHERE name = ${giveUpQueueOf(name)} AND state = 'failed'`;
}
