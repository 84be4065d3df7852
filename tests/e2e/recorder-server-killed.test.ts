import { randomBytes, randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db } from "../../lib/db/client";
import { type AppProcess, demoApiKey, freePort, startAppProcess } from "../support/app-process";
import { useAppUnderTest } from "../support/app-under-test";
import { call } from "../support/api";
import { useDatabase } from "../support/databases";
import { testAppEnv } from "../support/global-setup";
import {
  inspectionOf,
  launchRecorderBrowser,
  pause,
  phoneContext,
  probeSealedVideo,
  startRecording,
  stopAndSend,
} from "../support/recorder-browser";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { createMigratedDatabase } from "../support/migrated-database";

/*
 * The web process killed (SIGKILL) mid-upload and started again on the same address: the phone
 * keeps recording and retrying, and once the server is back every part uploads and the
 * walkthrough seals as one complete video. An app of its own, so the kill touches no other test.
 */

let browser: Browser;
let app: AppProcess | undefined;
let databaseUrl: string;
let port: number;
let dataDir: string;
const env = { ...testAppEnv, APP_SECRET: randomBytes(32).toString("base64url"), CREATE_DEMO_PARTNER: "true" };

beforeAll(async () => {
  databaseUrl = await createMigratedDatabase("killed");
  port = await freePort();
  app = await startAppProcess({ databaseUrl, port, env });
  dataDir = app.dataDir;
  process.env.APP_SECRET = env.APP_SECRET;
  await useDatabase(databaseUrl);
  // Links name APP_URL (http://localhost:<port>); the same origin before and after the restart.
  useAppUnderTest({ baseUrl: app.baseUrl, dataDir });
  browser = await launchRecorderBrowser();
});

afterAll(async () => {
  await browser?.close();
  await closeDb();
  await app?.stop();
  // The first app owned DATA_DIR but was killed; the restarted one only borrowed it.
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the web process killed mid-upload", () => {
  it("loses nothing: uploads resume against the restarted server and the walkthrough seals whole", async () => {
    const key = await demoApiKey(app!);
    const workspaceId = await readyWorkspace(key, "killed", [item("home-1")]);
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(link.recording_url);
    const started = await startRecording(page);
    await pause(4000);

    await app!.kill();
    await page.getByText(/No signal: keep this page open, nothing is lost/).waitFor({ timeout: 30_000 });
    await pause(4000);
    app = await startAppProcess({ databaseUrl, port, env, dataDir });
    await pause(3000);
    const length = (Date.now() - started) / 1000;
    await stopAndSend(page);
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 120_000 });

    const inspection = await inspectionOf(taskId);
    const parts = await db().recordingPart.findMany({ where: { inspectionId: inspection.id }, orderBy: { partNumber: "asc" } });
    expect(parts.map((part) => part.partNumber)).toEqual(parts.map((_, index) => index + 1));
    const video = await probeSealedVideo(inspection.id);
    expect(video.probe.durationSeconds!).toBeGreaterThan(length - 1);
    expect(video.probe.durationSeconds!).toBeLessThan(length + 1);
    const status = await call("GET", "/v1/inspections", { key, query: { workspace_id: workspaceId, task_id: taskId } });
    // Sealed: analysed, and with no checklist nothing waits for staff, so perhaps released already.
    expect(["processing", "completed"]).toContain(status.body.status);
    await context.close();
  });
});
