import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db } from "../../lib/db/client";
import { databaseUrl } from "../../lib/db/database-url";
import { enqueue } from "../../lib/queue/enqueue";
import { stopJobs } from "../../lib/queue/job-queue";
import { jobWakeChannel, queues } from "../../lib/queue/queues";
import { useDatabase } from "../support/databases";
import { createMigratedDatabase } from "../support/migrated-database";

/*
 * A queue someone waits for wakes its workers when a job is sent (lib/jobs/wake-listener.ts):
 * the notification is sent in the enqueuing transaction, so PostgreSQL delivers it at commit
 * and never for a job rolled back. Observed here with a LISTEN of the test's own on a real
 * database of this file's own (no other test's imports notify there, and no worker takes the jobs).
 */

let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  await useDatabase(await createMigratedDatabase("job_wake"));
  listener = new pg.Client({ connectionString: databaseUrl() });
  await listener.connect();
  listener.on("notification", (message) => heard.push(message.payload ?? ""));
  await listener.query(`LISTEN ${jobWakeChannel}`);
});

afterAll(async () => {
  await listener.end();
  await stopJobs();
  await closeDb();
});

/** Notifications arrive on their own connection: a round trip on it delivers any already sent. */
async function settled(): Promise<string[]> {
  await listener.query("SELECT 1");
  return heard.splice(0);
}

describe("waking workers when a job is sent", () => {
  it("notifies the roster queues' workers at commit, with the queue's name", async () => {
    expect(queues["apply-roster-import"].wakeOnSend).toBe(true);
    await settled();
    await db().$transaction(async (tx) => {
      await enqueue("apply-roster-import", { importId: randomUUID() }, { tx });
      expect(await settled()).toEqual([]);
    });
    expect(await settled()).toEqual(["apply-roster-import"]);
    await enqueue("apply-roster-import", { importId: randomUUID() });
    expect(await settled()).toEqual(["apply-roster-import"]);
  });

  it("says nothing for a job rolled back, a job that starts later, or a queue nobody waits on", async () => {
    await settled();
    const rolledBack = await db()
      .$transaction(async (tx) => {
        await enqueue("apply-roster-import", { importId: randomUUID() }, { tx });
        throw new Error("roll back");
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toBeInstanceOf(Error);
    await enqueue("apply-roster-import", { importId: randomUUID() }, { startAfterSeconds: 3600 });
    expect(queues["prune-rate-limits"].wakeOnSend).toBeUndefined();
    await enqueue("prune-rate-limits", {});
    expect(await settled()).toEqual([]);
  });
});
