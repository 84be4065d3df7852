import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db } from "../../lib/db/client";
import { stopJobs } from "../../lib/queue/job-queue";
import { createPartner } from "../../lib/partners/create-partner";
import { clearRosterFeed } from "../../lib/roster-feeds/clear-roster-feed";
import { endAbandonedSyncs } from "../../lib/roster-feeds/end-abandoned-syncs";
import { enqueueDueRosterPulls } from "../../lib/roster-feeds/enqueue-due-pulls";
import { syncLifetimeMs } from "../../lib/roster-feeds/feed-limits";
import { pollMinuteFor } from "../../lib/roster-feeds/poll-slot";
import { setRosterFeed } from "../../lib/roster-feeds/set-roster-feed";
import { provisionWorkspace } from "../../lib/workspaces/provision-workspace";
import { useDatabase } from "../support/databases";
import { createMigratedDatabase } from "../support/migrated-database";

/*
 * The schedule is played with a chosen clock against a database of its own: no app and no
 * worker run on it, so nothing but these calls starts a pull, and the playing of days in the
 * future cannot start pulls of other tests' feeds. Jobs are enqueued (into this database's
 * queue) exactly as in production; nobody works them.
 */

// Feeds set here are never fetched; any secret works, and none is read from a DATA_DIR.
process.env.APP_SECRET = "schedule-test-app-secret-not-a-real-one";

const at = (iso: string) => new Date(iso);
const enqueue = (iso: string) => enqueueDueRosterPulls({ now: at(iso) });

let partnerId: string;
let keyId: string;

async function pullWorkspace(name: string, pollMinute: number, setAt = "2030-01-01T00:00:00Z") {
  const { workspace } = await provisionWorkspace({ partnerId, keyId, workspaceId: name, name });
  const feed = await setRosterFeed({
    partnerId,
    workspaceId: name,
    url: `http://127.0.0.1:9/${name}`,
    secret: "test-feed-secret",
  });
  expect(feed.pollMinute).toBe(pollMinuteFor(workspace.id));
  // Pinned so the days below can be played exactly.
  await db().rosterFeed.update({ where: { workspaceId: workspace.id }, data: { pollMinute, createdAt: at(setAt) } });
  return workspace.id;
}

const syncsOf = (workspaceId: string) => db().rosterSync.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" } });

/** What the polls would have done: end every open sync. */
const finishAll = () =>
  db().rosterSync.updateMany({ where: { status: { in: ["queued", "running"] } }, data: { status: "succeeded" } });

let morning: string; // polled at 10:00 UTC
let afternoon: string; // polled at 15:00 UTC

beforeAll(async () => {
  const url = await createMigratedDatabase("schedule");
  await useDatabase(url);
  ({ partnerId, keyId } = await createPartner("Schedule partner"));
  morning = await pullWorkspace("morning", 600);
  afternoon = await pullWorkspace("afternoon", 900);
});

afterAll(async () => {
  await stopJobs();
  await closeDb();
});

describe("the daily pull schedule", () => {
  it("starts each feed's pull once its minute of the day has come, once per day", async () => {
    expect(await enqueue("2030-01-01T09:59:59Z")).toBe(0);
    expect(await enqueue("2030-01-01T10:00:00Z")).toBe(1);
    const [first] = await syncsOf(morning);
    expect(first).toMatchObject({ trigger: "schedule", status: "queued", createdAt: at("2030-01-01T10:00:00Z") });
    const jobs = await db().$queryRaw<{ data: { syncId: string } }[]>`
      SELECT data FROM pgboss.job WHERE name = 'poll-roster-feed'`;
    expect(jobs.map((job) => job.data.syncId)).toEqual([first!.id]);

    // Later the same day: polled already, whether or not the poll has finished.
    expect(await enqueue("2030-01-01T10:01:00Z")).toBe(0);
    await finishAll();
    expect(await enqueue("2030-01-01T14:59:00Z")).toBe(0);
    expect(await enqueue("2030-01-01T15:00:00Z")).toBe(1);
    expect(await syncsOf(afternoon)).toHaveLength(1);
    await finishAll();
    expect(await enqueue("2030-01-01T23:59:00Z")).toBe(0);

    // The next day, each again at its own minute.
    expect(await enqueue("2030-01-02T09:59:00Z")).toBe(0);
    expect(await enqueue("2030-01-02T10:30:00Z")).toBe(1);
    expect(await enqueue("2030-01-02T16:00:00Z")).toBe(1);
    expect((await syncsOf(morning)).map((sync) => sync.createdAt)).toEqual([
      at("2030-01-01T10:00:00Z"),
      at("2030-01-02T10:30:00Z"),
    ]);
    expect(await syncsOf(afternoon)).toHaveLength(2);
    await finishAll();
  });

  it("starts one pull per slot when several schedulers run at once", async () => {
    const started = await Promise.all(Array.from({ length: 6 }, () => enqueue("2030-01-03T15:00:00Z")));
    expect(started.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(await syncsOf(morning)).toHaveLength(3);
    expect(await syncsOf(afternoon)).toHaveLength(3);
    await finishAll();
  });

  it("skips a feed whose pull is open, and counts a manual pull after the slot as the day's", async () => {
    // Day 4: a manual pull started before the morning slot is still running at 10:00.
    await db().rosterSync.create({
      data: { workspaceId: morning, trigger: "manual", status: "running", createdAt: at("2030-01-04T09:50:00Z") },
    });
    expect(await enqueue("2030-01-04T10:00:00Z")).toBe(0);
    await finishAll();
    // It began before the slot, so the day's scheduled poll still happens.
    expect(await enqueue("2030-01-04T10:05:00Z")).toBe(1);
    // The afternoon feed was pulled by hand after its slot: that was the day's poll.
    await db().rosterSync.create({
      data: { workspaceId: afternoon, trigger: "manual", status: "succeeded", createdAt: at("2030-01-04T15:10:00Z") },
    });
    expect(await enqueue("2030-01-04T15:30:00Z")).toBe(0);
    await finishAll();
  });

  it("first polls a feed at its first slot after it was set, and never a workspace that pushes", async () => {
    const late = await pullWorkspace("set-after-its-slot", 600, "2030-01-05T12:00:00Z");
    const cleared = await pullWorkspace("cleared", 600, "2030-01-01T00:00:00Z");
    await clearRosterFeed(partnerId, "cleared");
    // Day 5, 12:30: the morning feed (its 10:00 slot) is due; the late one's slot passed before it was set.
    expect(await enqueue("2030-01-05T12:30:00Z")).toBe(1);
    expect(await syncsOf(late)).toHaveLength(0);
    expect(await enqueue("2030-01-05T15:00:00Z")).toBe(1);
    await finishAll();
    // Day 6, 10:00: the morning feed and the late one, not the cleared one.
    expect(await enqueue("2030-01-06T10:00:00Z")).toBe(2);
    expect(await syncsOf(late)).toHaveLength(1);
    expect(await syncsOf(cleared)).toHaveLength(0);
    await finishAll();
  });

  it("ends a sync that outlived every attempt as failed, without touching the roster", async () => {
    // Day 7, 15:00: all three feeds are due.
    const started = at("2030-01-07T15:00:00Z");
    expect(await enqueueDueRosterPulls({ now: started })).toBe(3);
    const [stuck] = (await syncsOf(morning)).slice(-1);
    await db().rosterSync.update({ where: { id: stuck!.id }, data: { status: "running", startedAt: started } });

    expect(await endAbandonedSyncs(new Date(started.getTime() + syncLifetimeMs - 60_000))).toBe(0);
    expect(await endAbandonedSyncs(new Date(started.getTime() + syncLifetimeMs + 60_000))).toBe(3);
    const ended = await db().rosterSync.findUniqueOrThrow({ where: { id: stuck!.id } });
    expect(ended.status).toBe("failed");
    const run = await db().rosterImport.findUniqueOrThrow({ where: { id: ended.importId! } });
    expect(run).toMatchObject({
      source: "pull",
      status: "failed",
      errorCode: "internal_error",
      totalCount: null,
      observedAt: null,
    });
    const feed = await db().rosterFeed.findUniqueOrThrow({ where: { workspaceId: morning } });
    expect(feed).toMatchObject({ health: "failing", lastErrorCode: "internal_error" });
    const workspace = await db().workspace.findUniqueOrThrow({ where: { id: morning } });
    expect(workspace).toMatchObject({ rosterRevision: 0, rosterObservedAt: null, presentCount: 0 });
    expect(await endAbandonedSyncs(new Date(started.getTime() + syncLifetimeMs + 120_000))).toBe(0);
  });
});
