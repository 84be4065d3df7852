import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb } from "../../lib/db/client";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../lib/db/embedded";
import { enqueue } from "../../lib/queue/enqueue";
import { stopJobs } from "../../lib/queue/job-queue";
import { webhookChannel } from "../../lib/webhooks/record-event";
import { runSql, useDatabase } from "../support/databases";
import { freePort } from "../support/app-process";
import { testAppEnv } from "../support/global-setup";
import { type SmtpReceiver, startSmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

/*
 * PostgreSQL goes away for about 10 seconds under `npm run worker` while a job is in progress
 * (a sign-in mail held by the mail server), and the job's end falls inside the outage. pg-boss
 * ended the attempt without awaiting it, so the rejection went unhandled and the worker exited 1.
 * Now it logs, waits, and ends the job once the database is back; it goes on taking jobs, and
 * its webhook dispatcher opens its notification connection (LISTEN) again.
 * A PostgreSQL of this file's own, since the test stops it.
 */

let dir: string;
let port: number;
let postgres: EmbeddedDatabase;
let smtp: SmtpReceiver;
let worker: WorkerProcess;
let firstJobId: string;
let secondJobId: string;

const startPostgres = () => startEmbeddedPostgres({ dataDir: dir, port, database: "walkthrough" });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-outage-pg-"));
  await chmod(dir, 0o755);
  port = await freePort();
  postgres = await startPostgres();
  smtp = await startSmtpReceiver();
  worker = await startWorkerProcess({
    databaseUrl: postgres.url,
    dataDir: path.join(dir, "data"),
    env: {
      ...testAppEnv,
      APP_SECRET: randomBytes(32).toString("base64url"),
      SMTP_URL: smtp.url,
      JOB_MAINTENANCE_INTERVAL_SECONDS: "2",
    },
  });
  await useDatabase(postgres.url);
}, 180_000);

afterAll(async () => {
  await stopJobs().catch(() => undefined);
  await closeDb().catch(() => undefined);
  await worker?.stop();
  await smtp?.close();
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

async function staffAddress(): Promise<string> {
  const email = `staff-${randomUUID()}@example.test`;
  const userId = randomUUID();
  await runSql(postgres.url, `INSERT INTO "user" (id, email) VALUES ($1, $2)`, [userId, email]);
  await runSql(postgres.url, `INSERT INTO staff_member (user_id) VALUES ($1)`, [userId]);
  return email;
}

/** Enqueues a sign-in mail from this process, then stops this process's queue client (it is not under test). */
async function askForMail(email: string): Promise<string> {
  const jobId = await enqueue("sign-in-mail", {
    email,
    returnPath: "/",
    expires: new Date(Date.now() + 30 * 60_000).toISOString(),
  });
  await stopJobs();
  return jobId!;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sessions of the webhook dispatcher's notification connection (lib/webhooks/dispatcher.ts). */
async function listeners(): Promise<number> {
  const rows = await runSql(postgres.url, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = $1", [
    `LISTEN ${webhookChannel}`,
  ]);
  return (rows[0] as { n: number }).n;
}

it("rides out a 10-second PostgreSQL outage with a job in progress, ends the job and takes the next", async () => {
  // The worker says it runs once its queues take jobs; its notification connections open beside them.
  await until("the notification connection to be open", async () => ((await listeners()) === 1 ? true : undefined), 30_000, 100);
  const first = await staffAddress();
  const release = smtp.hold();
  const jobId = await askForMail(first);
  firstJobId = jobId;
  await until("the mail to be in progress", async () => (smtp.held === 1 ? true : undefined), 30_000);
  await closeDb();

  const stoppedAt = Date.now();
  await postgres.stop();
  // The job's mail goes out while the database is away, so its end falls in the outage.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  release();
  await smtp.waitFor(first);
  await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() - stoppedAt)));
  expect(alive(worker.pid), "the worker outlived the outage").toBe(true);
  postgres = await startPostgres();

  const state = await until(
    "the job to end",
    async () => {
      const rows = await runSql(postgres.url, "SELECT state FROM pgboss.job WHERE id = $1", [jobId]).catch(() => []);
      const found = rows[0] as { state: string } | undefined;
      return found && found.state !== "active" ? found.state : undefined;
    },
    60_000,
    250,
  );
  expect(state).toBe("completed");
  expect(smtp.to(first)).toHaveLength(1);

  const log = await readFile(worker.logFile, "utf8");
  expect(log).toContain("database unavailable; ending the job attempt later");
  expect(log).not.toContain("Could not start");

  // Still taking jobs: a second mail after the outage goes out.
  await useDatabase(postgres.url);
  const second = await staffAddress();
  secondJobId = await askForMail(second);
  await smtp.waitFor(second, 1, 60_000);
  expect(alive(worker.pid)).toBe(true);

  // The webhook dispatcher listens again (it fell back to polling for good).
  await until(
    "the notification connection to be open again",
    async () => ((await listeners()) === 1 ? true : undefined),
    30_000,
    250,
  );
  expect(await readFile(worker.logFile, "utf8")).toContain("webhook notification connection open again");
}, 240_000);

it("keeps a completed job in the job table for an hour, then only in the archive (lib/queue/job-queue.ts)", async () => {
  // The first mail's job ended two hours ago, as far as pg-boss can tell; the second's just now.
  await runSql(postgres.url, "UPDATE pgboss.job SET completed_on = now() - interval '2 hours' WHERE id = $1", [firstJobId]);
  const where = async (id: string) => {
    const [job] = await runSql(postgres.url, "SELECT 1 FROM pgboss.job WHERE id = $1", [id]);
    const [archived] = await runSql(postgres.url, "SELECT 1 FROM pgboss.archive WHERE id = $1", [id]);
    return job ? "job" : archived ? "archive" : "gone";
  };
  // The worker's maintenance (every 2 s here) archives it.
  await until(
    "the old job to be archived",
    async () => ((await where(firstJobId)) === "archive" ? true : undefined),
    60_000,
    500,
  );
  expect(await where(secondJobId)).toBe("job");
}, 90_000);

it("asks the database for work fewer than 60 times a second while idle (it was about 86)", async () => {
  const transactions = async () => {
    const [row] = (await runSql(
      postgres.url,
      "SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = current_database()",
    )) as { n: string }[];
    return Number(row!.n);
  };
  const before = await transactions();
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  // Less this test's own sampling: one transaction.
  const perSecond = (await transactions()) - before - 1;
  const rate = perSecond / ((Date.now() - started) / 1000);
  process.stderr.write(`idle worker: ${rate.toFixed(1)} transactions a second\n`);
  expect(rate).toBeLessThan(60);
}, 60_000);
