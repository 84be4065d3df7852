import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { sealTempDir } from "../../lib/media/data-dir-layout";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { demoApiKey } from "../support/app-process";
import { call } from "../support/api";
import { runSql } from "../support/databases";
import { localDriverOfApp } from "../support/media";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * A worker killed (SIGKILL, with its ffmpeg) while it transcodes a walkthrough: a worker started
 * afterwards finds the attempt's lease free, takes it back (lib/jobs/reclaim-orphans.ts) and the
 * seal runs again to the end, once: one video, one set of result lines. A web-only app
 * (RUN_WORKERS=false) and `npm run worker` processes, on a database of their own.
 */

const app = useApp({
  env: { CREATE_DEMO_PARTNER: "true", JOB_MAINTENANCE_INTERVAL_SECONDS: "1" },
  workers: 0,
  database: "sealkill",
});
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-seal-kill-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const startWorker = () => app.startWorker();

/** A transcode under way: ffmpeg is writing the first run's MP4 in a seal's work folder. */
async function transcoding(): Promise<boolean> {
  const root = sealTempDir(app.dataDir);
  for (const seal of await readdir(root).catch(() => [])) {
    for (const work of await readdir(path.join(root, seal)).catch(() => [])) {
      if (work.startsWith(".assemble-") && existsSync(path.join(root, seal, work, "run-0.mp4"))) return true;
    }
  }
  return false;
}

describe("a worker killed mid-seal", () => {
  // A 40-second 720p transcode run twice (killed once), with the evidence record's frame cuts after
  // it: over two minutes on 2 busy cores.
  it("is taken back, and the seal finishes once", { timeout: 240_000 }, async () => {
    const key = await demoApiKey(app);
    // The worker applies the roster too: the app runs no jobs of its own.
    const first = await startWorker();
    const workspaceId = await readyWorkspace(key, "sealkill", [item("home-1")]);
    const put = await call("PUT", "/v1/properties/home-1/checklist", {
      key,
      query: { workspace_id: workspaceId },
      body: { items: [{ name: "Hall" }] },
    });
    expect(put.status).toBe(200);
    const link = await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: "home-1" });
    const rec = recorder(link.recording_url);
    const opened = await rec.open();
    const inspectionId = opened.body.inspection_id as string;
    const itemId = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items[0]!.id;

    // Long enough at 720p that its transcode takes seconds on two cores.
    const video = await makeTestVideo(dir, "long.webm", { format: "webm-vp8-stream", seconds: 40, width: 1280, height: 720 });
    const manifest = await uploadRuns(rec, [video], { partSize: 1024 * 1024 });
    await rec.taps([{ seq: 1, item_id: itemId, action: "check", run_seconds: 20 }]);

    expect((await rec.finish({ parts: manifest, events_seq: 1 })).status).toBe(202);
    await until("the first worker to be transcoding", async () => ((await transcoding()) ? true : undefined), 60_000, 50);
    await first.kill();
    expect(await db().inspectionVideo.count({ where: { inspectionId } })).toBe(0);

    await startWorker();
    const state = await waitUntilSealed(rec, 180_000);
    expect(state.state).toBe("sealed");

    const jobs = await runSql(
      app.databaseUrl,
      "SELECT state::text, retry_count FROM pgboss.job WHERE name = 'seal-recording' AND data->>'inspectionId' = $1",
      [inspectionId],
    );
    expect(jobs).toEqual([{ state: "completed", retry_count: 1 }]);
    expect(await db().inspectionVideo.count({ where: { inspectionId } })).toBe(1);
    const lines = await db().inspectionItem.findMany({ where: { inspectionId } });
    expect(lines.map((line) => [line.name, line.state, line.stillKey !== null])).toEqual([["Hall", "pending", true]]);
    expect(lines[0]!.timestampSeconds).toBeCloseTo(20, 1);
    const stored = await localDriverOfApp().head(recordingKeys.video(inspectionId));
    expect(stored?.contentType).toBe("video/mp4");
    expect(await localDriverOfApp().listParts(recordingKeys.upload(inspectionId))).toEqual([]);
  });
});
