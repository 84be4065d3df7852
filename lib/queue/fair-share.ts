import "server-only";
import type { SqlExecutor } from "./sql-executor";

/**
 * Start-time fair queueing over pg-boss's priority. pg-boss fetches `ORDER BY priority DESC,
 * created_on` (node_modules/pg-boss/src/plans.js, fetchNextJob), so each job of a fair queue gets
 * priority = -(its virtual start time). A key's next job starts at max(now, the virtual finish of
 * the key's previous job), and finishes `cost` later: a partner that enqueues a burst gets starts spread
 * `cost` apart, while another partner's job enqueued meanwhile starts at its own `now`, ahead of
 * the rest of the burst. A key idle for a while starts again at `now`, never with saved-up credit.
 *
 * One upsert of one row per (queue, key), in the enqueuing transaction: no scan of the backlog,
 * and the state is in PostgreSQL, so it survives restarts and is shared by every process. The
 * row lock serialises one partner's concurrent enqueues on one queue until their transactions end.
 *
 * A partner's lead over `now` grows by `cost` per job it enqueues and shrinks with wall-clock time,
 * so when workers drain a burst faster than `cost` per job the partner keeps some lead after its
 * backlog is gone: its next jobs then yield to other partners' jobs for that long (never to an
 * idle queue: priority only orders jobs that are waiting).
 */

/** Virtual seconds are counted from here, so that a priority fits pg-boss's 32-bit column for 68 years. */
export const fairEpoch = new Date("2026-01-01T00:00:00Z");

const int32Max = 2_147_483_647;

/** Takes the key's next virtual start and answers the pg-boss priority for a job starting then. */
export async function fairPriority(executor: SqlExecutor, queue: string, key: string, costSeconds: number): Promise<number> {
  const { rows } = await executor.executeSql(
    `INSERT INTO job_fair_share AS s (queue, fair_key, next_start)
     VALUES ($1, $2, now() + make_interval(secs => $3::float8))
     ON CONFLICT (queue, fair_key) DO UPDATE
       SET next_start = GREATEST(now(), s.next_start) + make_interval(secs => $3::float8), updated_at = now()
     RETURNING -LEAST($5::int, GREATEST(0, floor(extract(epoch FROM s.next_start) - $3::float8 - $4::float8)))::int AS priority`,
    [queue, key, costSeconds, fairEpoch.getTime() / 1000, int32Max],
  );
  const priority = (rows[0] as { priority?: unknown } | undefined)?.priority;
  if (typeof priority !== "number") throw new Error(`fair share of ${queue}: no priority returned`);
  return priority;
}
