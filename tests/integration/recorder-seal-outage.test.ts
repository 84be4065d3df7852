import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { recordingKeys } from "../../lib/recording/recorder-state";
import { demoApiKey } from "../support/app-process";
import { type WorkerProcess } from "../support/worker-process";
import { call } from "../support/api";
import { bucketKeys, startTestS3Server, type TestS3Server } from "../support/s3-server";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { useApp } from "../support/use-app";

/*
 * The media store goes away while a walkthrough is being sealed, for longer than the seal's
 * retries used to last (4 attempts over about a minute, then `seal_failed` and the parts
 * deleted). A fault that is not the recording's own never loses it: the seal keeps trying, keeps
 * the parts, and completes once the store is back. An app of its own on S3 (s3rver), its seal
 * retries a second apart (SEAL_RETRY_DELAYS_SECONDS) so the outage needs no long wait.
 */

/** Attempts a seal used to have before it gave up (pg-boss: the first and 3 retries). */
const oldAttempts = 4;

let s3: TestS3Server;
let dir: string;
let worker: WorkerProcess;
let key: string;
let workspaceId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-seal-outage-"));
  s3 = await startTestS3Server("walkthroughs");
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

// A web-only app and `npm run worker`, so that each test runs the worker its retries need.
const app = useApp({
  env: () => ({
    CREATE_DEMO_PARTNER: "true",
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    MEDIA_DRIVER: "s3",
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    SEAL_RETRY_DELAYS_SECONDS: "1,2",
  }),
  workers: 1,
  database: "sealoutage",
});

beforeAll(async () => {
  worker = app.workers[0]!;
  key = await demoApiKey(app);
  workspaceId = await readyWorkspace(key, "outage", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key,
    query: { workspace_id: workspaceId },
    body: { items: [{ name: "Hall" }] },
  });
  expect(put.status, put.text).toBe(200);
});

/** Failed seal attempts, as the worker logged them. */
async function failedSealAttempts(): Promise<number> {
  const lines = (await readFile(worker.logFile, "utf8")).split("\n");
  return lines.filter((line) => line.includes('"job":"seal-recording"') && line.includes('"msg":"job attempt failed"')).length;
}

/** A walkthrough of one tapped item, its parts uploaded, Done not yet tapped. */
async function recordedWalk() {
  const link = await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: "home-1" });
  const rec = recorder(link.recording_url);
  const opened = await rec.open();
  const inspectionId = opened.body.inspection_id as string;
  const itemId = (opened.body.checklist as { items: { id: string }[] }[])[0]!.items[0]!.id;
  const video = await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 3 });
  const manifest = await uploadRuns(rec, [video], { partSize: 64 * 1024 });
  await rec.taps([{ seq: 1, item_id: itemId, action: "check", run_seconds: 1 }]);
  const parts = () => bucketKeys(s3, `_parts/${recordingKeys.upload(inspectionId)}/`);
  expect((await parts()).length).toBe(manifest.length);
  return { rec, inspectionId, manifest, parts };
}

describe("the media store away during a seal", () => {
  it("longer than the old retries: the seal keeps the parts and completes once the store is back", async () => {
    const { rec, inspectionId, manifest, parts } = await recordedWalk();
    await s3.pause();
    expect((await rec.finish({ parts: manifest, events_seq: 1 })).status).toBe(202);
    await until(
      "more failed seal attempts than the old retries allowed, or the seal's end",
      async () =>
        (await failedSealAttempts()) > oldAttempts || (await rec.state()).body.state !== "finishing" ? true : undefined,
      240_000,
      500,
    );
    expect((await rec.state()).body.state).toBe("finishing");
    await s3.resume();

    expect(await waitUntilSealed(rec, 180_000)).toMatchObject({ state: "sealed", inspection_id: inspectionId });
    const inspection = await db().inspection.findUniqueOrThrow({
      where: { id: inspectionId },
      include: { video: true, items: true },
    });
    expect({ status: inspection.status, reason: inspection.failureReason, video: inspection.video?.mediaKey }).toEqual({
      status: "processing",
      reason: null,
      video: recordingKeys.video(inspectionId),
    });
    expect(inspection.items.map((line) => [line.name, line.state])).toEqual([["Hall", "pending"]]);
    expect(await bucketKeys(s3, recordingKeys.video(inspectionId))).toEqual([recordingKeys.video(inspectionId)]);
    // Once the video is stored and checked, the parts go.
    await until("the parts to be deleted", async () => ((await parts()).length === 0 ? true : undefined), 30_000, 250);
  });
});

describe("a seal that keeps failing for the whole retry window", () => {
  it("ends failed (seal_failed), inspection.failed recorded, and keeps the parts", async () => {
    // A worker whose window is a second: the failures outlast it at once.
    await worker.stop();
    worker = await app.startWorker({ SEAL_RETRY_WINDOW_SECONDS: "1" });
    const { rec, inspectionId, manifest, parts } = await recordedWalk();
    await s3.pause();
    expect((await rec.finish({ parts: manifest, events_seq: 1 })).status).toBe(202);
    expect(await waitUntilSealed(rec, 240_000)).toEqual({ state: "failed", inspection_id: inspectionId });
    await s3.resume();

    const inspection = await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } });
    expect({ status: inspection.status, reason: inspection.failureReason }).toEqual({ status: "failed", reason: "seal_failed" });
    const events = await db().webhookEvent.findMany({ where: { inspectionId }, select: { eventType: true } });
    expect(events.map((event) => event.eventType)).toEqual(["inspection.failed"]);
    expect((await parts()).length).toBe(manifest.length);
  });
});
