import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb } from "../../lib/db/client";
import { closeLeases, takeLease } from "../../lib/jobs/lease";
import { inTransaction } from "../../lib/queue/sql-executor";
import { runSql, useDatabase } from "../support/databases";
import { createMigratedDatabase } from "../support/migrated-database";
import { until } from "../support/until";

/*
 * The soak (bench/soak) found it: with PostgreSQL stopped while a worker ended a job attempt, the
 * worker exited with "Unhandled 'error' event ... Connection terminated unexpectedly". A pool
 * stops listening to a client it lends, so a connection cut while lent (a transaction of the job
 * layer, a job's lease) emitted an error nobody heard. Cut here with pg_terminate_backend, as a
 * database restart cuts it: the statement fails, the process carries on, the next one works.
 */

let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createMigratedDatabase("lent");
  await useDatabase(databaseUrl);
});

afterAll(async () => {
  await closeLeases();
  await closeDb();
});

const terminate = (pid: number) => runSql(databaseUrl, "SELECT pg_terminate_backend($1)", [pid]);

it("a transaction whose connection is cut fails, and the process and the pool carry on", async () => {
  const uncaught: unknown[] = [];
  const listener = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", listener);
  try {
    const cut = inTransaction(async (executor) => {
      const { rows } = await executor.executeSql("SELECT pg_backend_pid() AS pid", []);
      await terminate((rows[0] as { pid: number }).pid);
      // The error event arrives on its own, before or without any statement of ours.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await executor.executeSql("SELECT 1", []);
    });
    await expect(cut).rejects.toThrow();
    const { rows } = await inTransaction((executor) => executor.executeSql("SELECT 2 AS two", []));
    expect(rows).toEqual([{ two: 2 }]);
    expect(uncaught).toEqual([]);
  } finally {
    process.off("uncaughtException", listener);
  }
});

it("a lease whose connection is cut is lost, releases without a throw, and can be taken again", async () => {
  const lease = await takeLease("lent-test", "work-1");
  if (lease === "held") throw new Error("the lease should have been free");
  const [{ pid }] = (await runSql(
    databaseUrl,
    // pg_locks is the whole server's: only this database's lease, never another test file's.
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) LIMIT 1`,
  )) as [{ pid: number }];
  await terminate(pid);
  await until("the lease to notice its connection is gone", async () => (lease.lost ? true : undefined), 5000);
  await expect(lease.assertHeld()).rejects.toThrow(/lost its lease/);
  await lease.release();
  const again = await takeLease("lent-test", "work-1");
  expect(again).not.toBe("held");
  if (again !== "held") await again.release();
});
