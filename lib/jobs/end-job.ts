import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type PgBoss from "pg-boss";
import { isDependencyUnavailable } from "../errors/dependency-unavailable";
import { log } from "../log";

/*
 * pg-boss ends each attempt itself once the handler returns, without awaiting it
 * (node_modules/pg-boss/src/manager.js, `work`): with the database away, that rejection went
 * unhandled and ended the process. So the worker ends every attempt here first, waiting out an
 * outage, and pg-boss's own call afterwards changes nothing (it only ends active jobs).
 */

const firstWaitMs = 500;
const longestWaitMs = 15_000;

/**
 * Completes (no `failure`) or fails the job, trying again while the database is unavailable for
 * up to `withinSeconds` (the job's expiry; after it the job is taken back anyway).
 */
export async function endJob(
  boss: PgBoss,
  queue: string,
  jobId: string,
  outcome: { failure?: unknown },
  withinSeconds: number,
): Promise<void> {
  const giveUpAt = Date.now() + withinSeconds * 1000;
  for (let wait = firstWaitMs; ; wait = Math.min(wait * 2, longestWaitMs)) {
    try {
      if ("failure" in outcome) await boss.fail(queue, jobId, outcome.failure as object);
      else await boss.complete(queue, jobId);
      return;
    } catch (error) {
      if (!isDependencyUnavailable(error) || Date.now() + wait > giveUpAt) {
        log().error({ err: error, job: queue, jobId }, "could not end a job attempt; its expiry takes it back");
        return;
      }
      log().warn(
        { job: queue, jobId, retryInMs: wait, code: (error as { code?: string }).code },
        "database unavailable; ending the job attempt later",
      );
      await sleep(wait);
    }
  }
}
