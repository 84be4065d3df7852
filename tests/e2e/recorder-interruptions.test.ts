import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call } from "../support/api";
import { expectAccessible } from "../support/axe";
import {
  inspectionOf,
  launchRecorderBrowser,
  pause,
  phoneContext,
  probeSealedVideo,
  screenshot,
  startRecording,
  stopAndSend,
} from "../support/recorder-browser";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";

/*
 * Nothing recorded is lost: a reload mid-recording (with the network gone, too), the network
 * gone for 20 seconds mid-upload, and a part whose answer never arrives. Each ends in one sealed
 * video made of every segment, in order.
 */

let browser: Browser;
let partner: TestPartner;
let workspaceId: string;
const items = ["Living room", "Kitchen"];

beforeAll(async () => {
  partner = await createTestPartner("Tidy Homes");
  workspaceId = await readyWorkspace(partner.apiKey, "e2e-int", [item("home-1", { name: "Harbour Flat" })]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  browser = await launchRecorderBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newTask() {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
  return { taskId, url: link.recording_url };
}

async function finishAndWait(page: Page): Promise<void> {
  await stopAndSend(page);
  await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 120_000 });
}

/** Every part the server stored is in the seal's list, numbered 1..N with no gap. */
async function expectEveryPartSealed(inspectionId: string): Promise<number> {
  const parts = await db().recordingPart.findMany({ where: { inspectionId }, orderBy: { partNumber: "asc" } });
  const inspection = await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } });
  const finished = (inspection.finish as { parts: { part_number: number }[] }).parts.map((part) => part.part_number);
  expect(finished).toEqual(parts.map((part) => part.partNumber));
  expect(finished).toEqual(finished.map((_, index) => index + 1));
  return parts.length;
}

describe("interruptions", () => {
  it("a reload without network mid-recording: the recorder still opens, Continue recording, one video of both runs", async () => {
    const { taskId, url } = await newTask();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(url);
    // The service worker takes the page's shell on the first visit.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration("/r/"))?.active?.state === "activated",
      undefined,
      { timeout: 20_000 },
    );
    await pause(1000);
    const first = await startRecording(page);
    await page.getByRole("button", { name: items[0] }).click();
    await pause(4000);
    const firstRun = (Date.now() - first) / 1000;

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "Harbour Flat" }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Continue recording" }).waitFor();
    await screenshot(page, "4-continue");
    await expectAccessible(page, "the continue screen (phone)");
    expect(await page.getByRole("button", { name: "Start recording" }).count()).toBe(0);

    const second = await startRecording(page, "Continue recording");
    await pause(1500);
    const tapInSecond = (Date.now() - second) / 1000;
    await page.getByRole("button", { name: items[1] }).click();
    await pause(2000);
    const secondRun = (Date.now() - second) / 1000;
    await context.setOffline(false);
    await finishAndWait(page);

    const inspection = await inspectionOf(taskId);
    await expectEveryPartSealed(inspection.id);
    const runs = await db().recordingPart.groupBy({ by: ["run"], where: { inspectionId: inspection.id } });
    expect(runs.map((run) => run.run).sort()).toEqual([0, 1]);
    const video = await probeSealedVideo(inspection.id);
    // The segment being recorded at the reload may go with the page: at most one timeslice (3 s).
    expect(video.probe.durationSeconds!).toBeGreaterThan(firstRun + secondRun - 3.5);
    expect(video.probe.durationSeconds!).toBeLessThan(firstRun + secondRun + 1);
    const lines = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: "asc" } });
    expect(lines.map((line) => line.name)).toEqual(items);
    // The second run's tap sits that far into the second run, after the first run's video.
    const firstRunVideo = (await db().checklistTap.findFirstOrThrow({ where: { inspectionId: inspection.id, seq: 2 } }))
      .videoSeconds!;
    expect(firstRunVideo - tapInSecond).toBeGreaterThan(firstRun - 3.5);
    expect(firstRunVideo - tapInSecond).toBeLessThan(firstRun + 1);
    await context.close();
  });

  it("the network gone for 20 seconds mid-upload: recording goes on, and everything uploads when it is back", async () => {
    const { taskId, url } = await newTask();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(url);
    const started = await startRecording(page);
    await pause(3500);
    await context.setOffline(true);
    await page.getByText(/No signal: keep this page open, nothing is lost/).waitFor({ timeout: 20_000 });
    await screenshot(page, "7-offline");
    await expectAccessible(page, "the recording screen without a connection (phone)");
    await pause(20_000 - (Date.now() - started - 3500));
    await context.setOffline(false);
    await pause(3000);
    const length = (Date.now() - started) / 1000;
    await finishAndWait(page);

    const inspection = await inspectionOf(taskId);
    const parts = await expectEveryPartSealed(inspection.id);
    expect(parts).toBeGreaterThanOrEqual(7);
    const video = await probeSealedVideo(inspection.id);
    expect(video.probe.durationSeconds!).toBeGreaterThan(length - 1);
    expect(video.probe.durationSeconds!).toBeLessThan(length + 1);
    await context.close();
  });

  it("a part whose answer never arrives is sent again and stored once", async () => {
    const { taskId, url } = await newTask();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    let puts = 0;
    let dropped = false;
    await page.route("**/api/parts/2", async (route) => {
      puts += 1;
      if (dropped) return route.continue();
      dropped = true;
      // The server stores it; the phone never hears so.
      await route.fetch();
      await route.abort("connectionreset");
    });
    await page.goto(url);
    const started = await startRecording(page);
    await pause(8000);
    const length = (Date.now() - started) / 1000;
    await finishAndWait(page);

    expect(puts).toBeGreaterThanOrEqual(2);
    const inspection = await inspectionOf(taskId);
    await expectEveryPartSealed(inspection.id);
    expect(await db().recordingPart.count({ where: { inspectionId: inspection.id, partNumber: 2 } })).toBe(1);
    const video = await probeSealedVideo(inspection.id);
    expect(video.probe.durationSeconds!).toBeGreaterThan(length - 1);
    expect(video.probe.durationSeconds!).toBeLessThan(length + 1);
    await context.close();
  });
});
