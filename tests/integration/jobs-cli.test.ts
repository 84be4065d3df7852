import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb } from "../../lib/db/client";
import { enqueue } from "../../lib/queue/enqueue";
import { jobQueue, stopJobs } from "../../lib/queue/job-queue";
import { queueNames } from "../../lib/queue/queues";
import { webhookEventsQueue } from "../../lib/jobs/queue-stats";
import { type CliRun, expectJsonLine, runAdmin, runAdminJson, spawnAdmin } from "../support/cli";
import { createDatabase, runSql, useDatabase } from "../support/databases";

/*
 * `admin jobs` on a database of its own where no worker runs: every job is put into its state
 * through pg-boss itself (send, fetch, fail, complete), so every count is known.
 */

let databaseUrl: string;
let boss: PgBoss;

const jobs = (...args: string[]) => runAdmin(["jobs", ...args], { DATABASE_URL: databaseUrl });
const jobsJson = () => runAdminJson<{ queues: Record<string, unknown>[] }>(["jobs"], { DATABASE_URL: databaseUrl });
const sql = (text: string, values: unknown[] = []) => runSql(databaseUrl, text, values);

const quiet = { queued: 0, active: 0, failed: 0, dead_letter: 0 };

beforeAll(async () => {
  databaseUrl = await createDatabase(inject("pgAdminUrl"), "jobs_cli");
});

afterAll(async () => {
  await stopJobs();
  await closeDb();
});

/** Takes the next job of `queue` as a worker would, and fails it. */
async function failNext(queue: string): Promise<void> {
  const [job] = await boss.fetch(queue);
  expect(job, `a job in ${queue}`).toBeDefined();
  await boss.fail(queue, job!.id, { message: "test failure" });
}

describe("admin jobs", () => {
  it("spawned, on a database of its own it migrates: lists every queue, and the webhook events, with nothing in them before the job queue has ever started", async () => {
    // The command applies the migrations; nothing has created pg-boss's schema yet.
    const args = ["jobs", "--json"];
    const { queues } = expectJsonLine<{ queues: Record<string, unknown>[] }>(
      await spawnAdmin(args, { DATABASE_URL: databaseUrl }),
      args,
    );
    expect(queues).toEqual([...queueNames, webhookEventsQueue].sort().map((queue) => ({ queue, ...quiet })));
  });

  it("counts queued, active, failed and dead-letter jobs per queue, and the oldest waiting job's age", async () => {
    await useDatabase(databaseUrl);
    boss = await jobQueue();

    // activate-roster: three sent, one taken by a worker; the two waiting were sent 90 s ago.
    for (let i = 0; i < 3; i++) await enqueue("activate-roster", { workspaceId: randomUUID() });
    expect(await boss.fetch("activate-roster")).toHaveLength(1);
    await sql(
      "UPDATE pgboss.job SET created_on = now() - interval '90 seconds' WHERE name = 'activate-roster' AND state = 'created'",
    );

    // apply-roster-import: three fail for good; the give-up of the first waits, the second's
    // failed in its turn, the third's is done. A fourth failed once and waits for its retry.
    for (let i = 0; i < 3; i++) await boss.send("apply-roster-import", { importId: randomUUID() }, { retryLimit: 0 });
    for (let i = 0; i < 3; i++) await failNext("apply-roster-import");
    await failNext("apply-roster-import-given-up");
    const [done] = await boss.fetch("apply-roster-import-given-up");
    await boss.complete("apply-roster-import-given-up", done!.id);
    await boss.send("apply-roster-import", { importId: randomUUID() });
    await failNext("apply-roster-import");
    // Its retry is not due for an hour: queued, but not waiting yet.
    await sql(
      "UPDATE pgboss.job SET start_after = now() + interval '1 hour' WHERE name = 'apply-roster-import' AND state = 'retry'",
    );

    // poll-roster-feed: one held back for an hour: queued, but not waiting yet.
    await enqueue("poll-roster-feed", { syncId: randomUUID() }, { startAfterSeconds: 3600 });
    // A queue this code does not declare (left by an older version) is listed too.
    await boss.createQueue("legacy-sweep", { name: "legacy-sweep" });
    await boss.send("legacy-sweep", {});

    const { queues } = await jobsJson();
    const busy: Record<string, Record<string, unknown>> = {
      "activate-roster": {
        queue: "activate-roster",
        queued: 2,
        active: 1,
        failed: 0,
        dead_letter: 0,
        oldest_waiting_seconds: expect.any(Number),
      },
      "apply-roster-import": { queue: "apply-roster-import", queued: 1, active: 0, failed: 3, dead_letter: 2 },
      "legacy-sweep": {
        queue: "legacy-sweep",
        queued: 1,
        active: 0,
        failed: 0,
        dead_letter: 0,
        oldest_waiting_seconds: expect.any(Number),
      },
      "poll-roster-feed": { queue: "poll-roster-feed", queued: 1, active: 0, failed: 0, dead_letter: 0 },
    };
    // Every declared queue, the webhook events, and one this code does not declare; the ones not used here are quiet.
    expect(queues).toEqual(
      [...queueNames, webhookEventsQueue, "legacy-sweep"].sort().map((queue) => busy[queue] ?? { queue, ...quiet }),
    );
    const age = queues[0]!.oldest_waiting_seconds as number;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(150);

    const human = await jobs();
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^QUEUE\s+QUEUED\s+ACTIVE\s+FAILED\s+DEAD LETTER\s+OLDEST WAITING\n/);
    expect(human.stdout).toMatch(/\nactivate-roster\s+2\s+1\s+0\s+0\s+\d+s\n/);
    expect(human.stdout).toMatch(/\napply-roster-import\s+1\s+0\s+3\s+2\s+-\n/);
  });

  it("refuses anything after the command with the usage, exit 2", async () => {
    for (const run of [await jobs("stray"), await jobs("--queue", "x")] as CliRun[]) {
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" });
      expect(run.stderr).toContain("Usage: npm run --silent admin -- jobs [--json]");
    }
    const help = await runAdmin(["--help"]);
    expect(help.stdout).toMatch(/\n {2}jobs\s+every job queue/);
  });
});
