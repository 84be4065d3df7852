import "server-only";
import { db } from "../db/client";
import { deliveryLogDays } from "../webhooks/delivery-log";
import { queueNames } from "../queue/queues";

export interface QueueStats {
  queue: string;
  /** Waiting to start: `created`, and `retry` (a failed attempt waiting for its next). */
  queued: number;
  active: number;
  /** Failed for good, until pg-boss archives them (12 hours after they ended). */
  failed: number;
  /** In the queue's give-up queue and not done there: waiting, running, or failed in their turn. */
  deadLetter: number;
  /** Age of the oldest queued job that is due to start (not held back by `startAfter`), if any. */
  oldestWaitingSeconds?: number;
}

// pg-boss's own queues (its cron sender, `__pgboss__send-it`) are its business, not staff's.
const pgBossInternal = "__pgboss__";

interface StateCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
  oldest_waiting_seconds: number | null;
}

/**
 * One grouped count over pg-boss's job table, which holds only live jobs and those ended within
 * its archive interval, so the cost follows the recent traffic, not the history.
 */
function countStates() {
  return db().$queryRaw<StateCounts[]>`
    SELECT name,
      count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
      count(*) FILTER (WHERE state = 'active')::int AS active,
      count(*) FILTER (WHERE state = 'failed')::int AS failed,
      floor(extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())))::int
        AS oldest_waiting_seconds
    FROM pgboss.job
    WHERE state IN ('created', 'retry', 'active', 'failed')
    GROUP BY name`;
}

/** The webhook outbox's row in the jobs view: its events are rows the dispatcher builds (lib/webhooks/README.md), not pg-boss jobs. */
export const webhookEventsQueue = "webhook-events";

/**
 * The webhook events as a queue: `queued` waiting for their body (held, or due), `failed` those
 * whose body could not be built (their deliveries ended `unbuildable`) within the delivery log's
 * 30 days and not built again since, `oldestWaitingSeconds` of the oldest due one. Both counts
 * are index ranges (`build_after`, `build_failed_at`).
 */
async function webhookEventStats(): Promise<QueueStats> {
  const since = new Date(Date.now() - deliveryLogDays * 86_400_000);
  const [row] = await db().$queryRaw<{ queued: number; failed: number; oldest_waiting_seconds: number | null }[]>`
    SELECT
      (SELECT count(*) FROM webhook_event WHERE build_after IS NOT NULL)::int AS queued,
      (SELECT count(*) FROM webhook_event WHERE build_failed_at >= ${since})::int AS failed,
      (SELECT floor(extract(epoch FROM now() - min(build_after)))::int FROM webhook_event WHERE build_after <= now()) AS oldest_waiting_seconds`;
  return {
    queue: webhookEventsQueue,
    queued: row?.queued ?? 0,
    active: 0,
    failed: row?.failed ?? 0,
    deadLetter: 0,
    ...(row?.oldest_waiting_seconds != null && { oldestWaitingSeconds: row.oldest_waiting_seconds }),
  };
}

/**
 * Every queue (those this code declares, and any other the database holds but pg-boss's own)
 * with its counts, and the webhook events (`webhook-events`) alongside. A give-up queue is not
 * listed on its own: it is its queue's `deadLetter`. Before any process has started the job queue
 * there is no pg-boss schema yet, and every count is zero.
 */
export async function listQueueStats(): Promise<QueueStats[]> {
  const [schema] = await db().$queryRaw<{ present: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
  const present = schema?.present === true;
  const rows = present ? await countStates() : [];
  const stored = present
    ? await db().$queryRaw<{ name: string; dead_letter: string | null }[]>`SELECT name, dead_letter FROM pgboss.queue`
    : [];

  const counts = new Map(rows.map((row) => [row.name, row]));
  const deadLetterOf = new Map(stored.map((queue) => [queue.name, queue.dead_letter ?? undefined]));
  const giveUpQueues = new Set([...deadLetterOf.values()].filter((name) => name !== undefined));
  const names = [...new Set([...queueNames, ...deadLetterOf.keys()])]
    .filter((name) => !giveUpQueues.has(name) && !name.startsWith(pgBossInternal))
    .sort();

  const jobs = names.map((queue): QueueStats => {
    const own = counts.get(queue);
    const deadLetterName = deadLetterOf.get(queue);
    const dead = deadLetterName === undefined ? undefined : counts.get(deadLetterName);
    return {
      queue,
      queued: own?.queued ?? 0,
      active: own?.active ?? 0,
      failed: own?.failed ?? 0,
      deadLetter: dead ? dead.queued + dead.active + dead.failed : 0,
      ...(own?.oldest_waiting_seconds != null && { oldestWaitingSeconds: own.oldest_waiting_seconds }),
    };
  });
  return [...jobs, await webhookEventStats()].sort((a, b) => (a.queue < b.queue ? -1 : a.queue > b.queue ? 1 : 0));
}
