import "server-only";
import type PgBoss from "pg-boss";
import { pool } from "../db/client";
import { log } from "../log";
import type { JobDefinition } from "./definition";
import { takeLease } from "./lease";
import { jobPayloads, type QueueName } from "../queue/payloads";

/*
 * pg-boss takes back an attempt only once it outlives its queue's expiry, which for a seal or a
 * long import is many minutes. A leased attempt (lib/jobs/lease.ts) tells us sooner: it holds
 * its work's lease for as long as it runs, on a connection that closes when its worker dies. So
 * an attempt that has been active for a while and whose lease anyone can take has no live
 * worker; it is failed now, and pg-boss retries it (or gives it up) as it would after the expiry.
 */

/** Long enough for an attempt to take its lease after pg-boss handed it over. */
const orphanAfterSeconds = 10;

interface ActiveJob {
  id: string;
  name: string;
  data: unknown;
}

/** Fails every active attempt of a leased job whose worker is gone; answers how many. */
export async function reclaimOrphanedJobs(boss: PgBoss, jobs: readonly JobDefinition[]): Promise<number> {
  const leased = new Map(jobs.filter((job) => job.workId).map((job) => [job.queue as string, job]));
  if (leased.size === 0) return 0;
  const { rows } = await pool().query<ActiveJob>(
    `SELECT id, name, data FROM pgboss.job
     WHERE state = 'active' AND name = ANY($1::text[]) AND started_on < now() - make_interval(secs => $2)`,
    [[...leased.keys()], orphanAfterSeconds],
  );
  let reclaimed = 0;
  for (const row of rows) {
    const job = leased.get(row.name)!;
    const parsed = jobPayloads[job.queue as QueueName].safeParse(row.data);
    if (!parsed.success) continue;
    const workId = job.workId!(parsed.data as never);
    const lease = await takeLease(job.queue, workId);
    if (lease === "held") continue;
    await lease.release();
    // Between the query and the lease the attempt may have ended: fail() then changes nothing.
    await boss.fail(row.name, row.id, { reason: "its worker stopped without ending it (lease free)" });
    log().warn({ job: row.name, jobId: row.id, workId }, "reclaimed an attempt whose worker is gone");
    reclaimed += 1;
  }
  return reclaimed;
}
