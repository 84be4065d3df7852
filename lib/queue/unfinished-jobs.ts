import "server-only";
import type { Tx } from "../db/client";
import type { QueueName } from "./payloads";

/**
 * Jobs of a queue not yet finished (waiting, retrying or running) whose payload names `id` under
 * `field`: what a change must wait for when a job will still write to the object. Before any
 * process has started the job queue there is no pg-boss schema, and so no job.
 */
export async function countUnfinishedJobs(
  tx: Pick<Tx, "$queryRaw">,
  queue: QueueName,
  field: string,
  id: string,
): Promise<number> {
  const [schema] = await tx.$queryRaw<{ present: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
  if (schema?.present !== true) return 0;
  const [row] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM pgboss.job
    WHERE name = ${queue} AND state IN ('created', 'retry', 'active') AND data ->> ${field} = ${id}`;
  return row?.count ?? 0;
}
