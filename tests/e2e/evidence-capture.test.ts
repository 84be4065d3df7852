import { randomUUID } from "node:crypto";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordingRecord } from "../../lib/evidence/recording-record";
import { call } from "../support/api";
import { inspectionOf, launchRecorderBrowser, phoneContext } from "../support/recorder-browser";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * Issue 27's capture side in Chromium: a video file chosen on the recorder ("Upload a video
 * instead") carries its own last-modified time into the recording record, and the same file
 * chosen again for another task is flagged as reused, in its record and its status read.
 */

let browser: Browser;
let partner: TestPartner;
let workspaceId: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-evidence-capture-e2e-"));
  partner = await createTestPartner("Dockside Stays");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-capture", "Quay Cottage", ["Sink scrubbed"]);
  browser = await launchRecorderBrowser();
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The file chosen on a fresh link's recorder page, uploaded and sealed; answers its record and status read. */
async function uploadFile(file: string) {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(link.recording_url);
  await page.getByLabel("Upload a video instead").setInputFiles(file);
  await page.getByRole("heading", { name: "Video uploaded" }).waitFor({ timeout: 120_000 });
  await context.close();
  const inspection = await inspectionOf(taskId);
  const query = { workspace_id: workspaceId };
  const evidence = await call("GET", `/v1/inspections/${inspection.id}/evidence`, { key: partner.apiKey, query });
  expect(evidence.status, evidence.text).toBe(200);
  const payload = (evidence.body.recording_record as string).split(".")[1]!;
  const status = await call("GET", "/v1/inspections", { key: partner.apiKey, query: { ...query, task_id: taskId } });
  return {
    inspectionId: inspection.id,
    record: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as RecordingRecord,
    status: status.body,
  };
}

describe("a video file chosen on the recorder", () => {
  it("carries the file's last-modified time into the record; the same file for another task is flagged as reused", async () => {
    const file = path.join(dir, "walkthrough.mp4");
    await writeFile(file, await makeTestVideo(dir, "source.mp4", { format: "mp4-h264", seconds: 4, scene: "rooms" }));
    // As a phone's gallery keeps it: filmed some days ago.
    const lastModified = new Date("2026-11-20T09:41:07.000Z");
    await utimes(file, lastModified, lastModified);

    const first = await uploadFile(file);
    expect(first.record).toMatchObject({ capture: "uploaded_file", file_last_modified_at: lastModified.toISOString() });
    expect(first.record.device_claimed_started_at).toBeUndefined();
    expect(first.record.reuse).toBeUndefined();
    expect(first.status.evidence).toEqual({ reuse_suspected: false });

    const second = await uploadFile(file);
    expect(second.record.file_last_modified_at).toBe(lastModified.toISOString());
    expect(second.record.reuse).toEqual([{ kind: "video", inspection_id: first.inspectionId, similarity: expect.any(Number) }]);
    expect(second.record.reuse![0]!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(second.status.evidence).toEqual({ reuse_suspected: true });
  });
});
