import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../lib/db/embedded";
import { type ApiAnswer, call } from "../support/api";
import { type AppProcess, demoApiKey, freePort, startAppProcess } from "../support/app-process";
import { useAppUnderTest } from "../support/app-under-test";
import { testAppEnv } from "../support/global-setup";
import { startTestS3Server, type TestS3Server } from "../support/s3-server";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder } from "../fixtures/recorder";
import { item } from "../fixtures/roster";

/*
 * The recorder's calls while the database or the media store is away answer what the README
 * promises, `503 service_unavailable` with `Retry-After` (they answered 500), and the app (web
 * and workers in one process) outlives the outage and answers again once it is back. A
 * PostgreSQL of this file's own, since the test stops it.
 */

let dir: string;
let port: number;
let postgres: EmbeddedDatabase;
let s3: TestS3Server;
let app: AppProcess;
let key: string;
let workspaceId: string;

const startPostgres = () => startEmbeddedPostgres({ dataDir: dir, port, database: "walkthrough" });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-recorder-outage-"));
  await chmod(dir, 0o755);
  port = await freePort();
  postgres = await startPostgres();
  s3 = await startTestS3Server("walkthroughs");
  app = await startAppProcess({
    databaseUrl: postgres.url,
    env: {
      ...testAppEnv,
      APP_SECRET: randomBytes(32).toString("base64url"),
      MEDIA_DRIVER: "s3",
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
  });
  useAppUnderTest({ baseUrl: app.baseUrl, dataDir: app.dataDir });
  key = await demoApiKey(app);
  workspaceId = await readyWorkspace(key, "outage", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key,
    query: { workspace_id: workspaceId },
    body: { items: [{ name: "Hall" }] },
  });
  expect(put.status, put.text).toBe(200);
}, 240_000);

afterAll(async () => {
  useAppUnderTest(undefined);
  await app?.stop();
  await s3?.stop();
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

function expectUnavailable(answer: ApiAnswer): void {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  expect((answer.body.error as { code: string }).code).toBe("service_unavailable");
}

async function openedRecorder() {
  const link = await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: "home-1" });
  const rec = recorder(link.recording_url);
  expect((await rec.open()).status).toBe(200);
  return rec;
}

it("answers a part upload 503 with Retry-After while the media store is away, and stores it once it is back", async () => {
  const rec = await openedRecorder();
  const video = await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 2 });
  const bytes = video.subarray(0, Math.min(video.length, 64 * 1024));
  await s3.pause();
  try {
    expectUnavailable(await rec.putPart(1, bytes));
  } finally {
    await s3.resume();
  }
  expect((await rec.putPart(1, bytes)).status).toBe(201);
}, 60_000);

it("answers 503 with Retry-After while PostgreSQL is away, and answers again once it is back", async () => {
  const rec = await openedRecorder();
  await postgres.stop();
  try {
    expectUnavailable(await rec.session());
    expectUnavailable(await rec.state());
    expectUnavailable(await rec.putPart(1, randomBytes(1024)));
    // The partner API's key check, which already answered 503, now says when to come back too.
    expectUnavailable(await call("GET", "/v1/properties", { key, query: { workspace_id: workspaceId } }));
  } finally {
    postgres = await startPostgres();
  }
  const session = await until(
    "the recorder to answer again",
    async () => {
      const answer = await rec.session();
      return answer.status === 503 ? undefined : answer;
    },
    30_000,
    250,
  );
  expect(session.status, session.text).toBe(200);
}, 90_000);
