import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { reloadConfig } from "../../lib/config";
import { db, type Tx } from "../../lib/db/client";
import { closeLeases, LeaseLostError, takeLease } from "../../lib/jobs/lease";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { sealRecording } from "../../lib/recording/seal-recording";
import { demoApiKey } from "../support/app-process";
import { call } from "../support/api";
import { runSql } from "../support/databases";
import { localDriverOfApp } from "../support/media";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * A job lease is a session advisory lock: when its connection drops (a PostgreSQL restart, a cut
 * connection) the lock goes, another attempt takes the work over, and the first attempt, still
 * running, used to write its seal beside the second one's. The seal's writes are fenced now: an
 * attempt whose lease is gone writes nothing (no video or original stored, no rows), and the attempt
 * holding the lease seals once, keeping one original of the run's parts even when killed and retried. The two seals run in this process against a web-only app's database and
 * DATA_DIR (its worker stopped once the roster is applied, so no worker seals on its own).
 */

const app = useApp({ env: { CREATE_DEMO_PARTNER: "true" }, workers: 1, database: "sealfence" });
let dir: string;
let uploaded: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-seal-fence-"));
});
afterAll(async () => {
  await closeLeases();
  await rm(dir, { recursive: true, force: true });
});

/** A finished walkthrough whose seal is queued and not run (no worker). */
async function finishedWalk(): Promise<{ inspectionId: string; partnerId: string }> {
  const key = await demoApiKey(app);
  const workspaceId = await readyWorkspace(key, "sealfence", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key,
    query: { workspace_id: workspaceId },
    body: { items: [{ name: "Hall" }] },
  });
  expect(put.status).toBe(200);
  await app.workers.pop()!.stop();
  const link = await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: "home-1" });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  const inspectionId = opened.body.inspection_id as string;
  const itemId = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items[0]!.id;
  const video = await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 3 });
  uploaded = video;
  const manifest = await uploadRuns(rec, [video], { partSize: 64 * 1024 });
  await rec.taps([{ seq: 1, item_id: itemId, action: "check", run_seconds: 1 }]);
  expect((await rec.finish({ parts: manifest, events_seq: 1 })).status).toBe(202);
  const jobs = await runSql(
    app.databaseUrl,
    "SELECT data FROM pgboss.job WHERE name = 'seal-recording' AND data->>'inspectionId' = $1",
    [inspectionId],
  );
  return { inspectionId, partnerId: (jobs[0] as { data: { partnerId: string } }).data.partnerId };
}

it("refuses the writes of a seal whose lease was dropped and taken over; the new holder seals once", async () => {
  const { inspectionId, partnerId } = await finishedWalk();
  // The seal in this process reads and writes the app's media.
  process.env.DATA_DIR = app.dataDir;
  reloadConfig();

  const first = await takeLease("seal-recording", inspectionId);
  if (first === "held") throw new Error("the seal's lease is held: is a worker running?");
  // The lease's connection dropped, as in a database restart; its lock goes with it.
  await runSql(
    app.databaseUrl,
    `SELECT pg_terminate_backend(pid) FROM pg_locks
     WHERE locktype = 'advisory' AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const second = await until("the lease to be free for another attempt", async () => {
    const taken = await takeLease("seal-recording", inspectionId);
    return taken === "held" ? undefined : taken;
  });

  // The first attempt runs its seal to the end: refused before anything is stored or written.
  await expect(sealRecording(inspectionId, partnerId, first.assertHeld)).rejects.toBeInstanceOf(LeaseLostError);
  await first.release();
  expect(await db().inspectionVideo.count({ where: { inspectionId } })).toBe(0);
  expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).sealedAt).toBeNull();
  expect(await localDriverOfApp().head(recordingKeys.video(inspectionId))).toBeNull();
  expect(await originalsOf(inspectionId)).toEqual([]);

  // The attempt that took it over is killed once its media is stored, before the row that names it
  // (as a worker killed there): its retry stores the run's original again under the same key, one object.
  const killed = new Error("killed before the video's row");
  const killedAfterStoring = async (tx?: Tx) => {
    await second.assertHeld(tx);
    if (tx) throw killed;
  };
  await expect(sealRecording(inspectionId, partnerId, killedAfterStoring)).rejects.toBe(killed);
  expect(await db().inspectionVideo.count({ where: { inspectionId } })).toBe(0);
  expect(await originalsOf(inspectionId)).toEqual(["run-0"]);

  // The attempt that took it over seals, once.
  await sealRecording(inspectionId, partnerId, second.assertHeld);
  await second.release();
  const sealed = await db().inspection.findUniqueOrThrow({ where: { id: inspectionId }, include: { items: true } });
  expect(sealed.sealedAt).not.toBeNull();
  expect(await db().inspectionVideo.count({ where: { inspectionId } })).toBe(1);
  expect(sealed.items.map((line) => line.name)).toEqual(["Hall"]);
  const events = await runSql(
    app.databaseUrl,
    "SELECT count(*)::int AS n FROM webhook_event WHERE inspection_id = $1 AND event_type = 'inspection.recording_completed'",
    [inspectionId],
  );
  expect(events).toEqual([{ n: 1 }]);
  expect(await localDriverOfApp().head(recordingKeys.video(inspectionId))).not.toBeNull();
  // One original per run, byte for byte the parts the phone sent; no part object left.
  expect(await originalsOf(inspectionId)).toEqual(["run-0"]);
  const original = await localDriverOfApp().get(recordingKeys.original(inspectionId, 0));
  const chunks: Buffer[] = [];
  for await (const chunk of original!.body) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(uploaded)).toBe(true);
  expect(await localDriverOfApp().listParts(recordingKeys.upload(inspectionId))).toEqual([]);
  expect((await db().inspectionVideo.findUniqueOrThrow({ where: { inspectionId } })).originalsKept).toBe(true);
}, 180_000);

/** The objects in the walkthrough's originals folder, as the local-disk driver stores them. */
async function originalsOf(inspectionId: string): Promise<string[]> {
  const folder = path.join(app.dataDir, "media", "objects", recordingKeys.originals(inspectionId));
  return (await readdir(folder).catch(() => [])).sort();
}
