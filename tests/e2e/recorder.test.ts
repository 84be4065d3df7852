import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addAllowlistEntry } from "../../lib/partners/add-allowlist-entry";
import { call } from "../support/api";
import { expectAccessible } from "../support/axe";
import {
  launchRecorderBrowser,
  inspectionOf,
  pause,
  phoneContext,
  probeSealedVideo,
  screenshot,
  startRecording,
  expectTapTargets,
  stopAndSend,
  stopRecording,
} from "../support/recorder-browser";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";

/*
 * The cleaner's whole walk in Chromium with the fake camera, at a phone's size: open the link,
 * Start recording, tap items, Stop, Done, "Recording uploaded", back to the partner's
 * app with inspection_id and status=submitted; then the stored video plays, lasts as long as the
 * recording, and each tap sits within a second of when it was made.
 */

let browser: Browser;
let partner: TestPartner;
let workspaceId: string;
const items = ["Kitchen counters wiped", "Beds made", "Bathroom mirror clean"];
const returnUrl = "https://partner.example/tasks/42?tab=done#top";

beforeAll(async () => {
  partner = await createTestPartner("Acme Turnovers");
  workspaceId = await readyWorkspace(partner.apiKey, "e2e-rec", [item("home-1", { name: "Seaside Cottage" })]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  await addAllowlistEntry(partner.partnerId, "https://partner.example");
  browser = await launchRecorderBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the recording app", () => {
  it("records a walkthrough with taps, seals it and returns to the partner's app", async () => {
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, {
      workspace_id: workspaceId,
      task_id: taskId,
      property_id: "home-1",
      task_name: "Turnover clean",
      scheduled_date: "2026-12-01",
      return_url: returnUrl,
    });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // The partner's app: answered here, so the test sees where the page went.
    await context.route("https://partner.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Partner app</h1>" }),
    );

    await page.goto(link.recording_url);
    await page.getByRole("heading", { name: "Seaside Cottage" }).waitFor();
    await page.getByText("For Acme Turnovers").waitFor();
    await page.getByText(/Turnover clean/).waitFor();
    await page.getByRole("button", { name: "Start recording" }).waitFor();
    await screenshot(page, "1-ready");
    await expectAccessible(page, "the ready screen (phone)");

    const started = await startRecording(page);
    await pause(2000);
    const firstTap = (Date.now() - started) / 1000;
    await page.getByRole("button", { name: items[0] }).click();
    await pause(2500);
    const secondTap = (Date.now() - started) / 1000;
    await page.getByRole("button", { name: items[1] }).click();
    expect(await page.getByRole("button", { name: items[1] }).getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "2-recording");
    await expectAccessible(page, "the recording screen (phone)");
    await pause(2500);
    const length = (Date.now() - started) / 1000;
    await stopRecording(page);

    // One item left: continue recording to film it, or Done and it is reported missed.
    await page.getByRole("heading", { name: "Not filmed yet" }).waitFor();
    await page.getByText(items[2]!, { exact: true }).waitFor();
    await expectAccessible(page, "the stopped screen (phone)");
    await page.getByRole("button", { name: "Done: send the walkthrough" }).click();

    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 90_000 });
    await page.getByRole("link", { name: "Return to Acme Turnovers" }).waitFor();
    await screenshot(page, "5-uploaded");
    await page.waitForURL(/^https:\/\/partner\.example\//, { timeout: 10_000 });
    const inspection = await inspectionOf(taskId);
    expect(page.url()).toBe(`https://partner.example/tasks/42?tab=done&inspection_id=${inspection.id}&status=submitted#top`);

    // The video: one MP4 that plays, as long as the recording.
    expect(inspection.status).toBe("processing");
    const video = await probeSealedVideo(inspection.id);
    expect(video.contentType).toBe("video/mp4");
    expect(video.probe.video?.codec).toBe("h264");
    expect(video.probe.durationSeconds).toBeGreaterThan(length - 1);
    expect(video.probe.durationSeconds).toBeLessThan(length + 1);
    expect(inspection.video?.durationSeconds).toBeCloseTo(video.probe.durationSeconds!, 1);

    // The taps: at the second they were made, in order; the item left out finished anyway.
    const results = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: "asc" } });
    expect(results.map((line) => [line.name, line.state])).toEqual([
      [items[0], "pending"],
      [items[1], "pending"],
      [items[2], "missed"],
    ]);
    expect(Math.abs(results[0]!.timestampSeconds! - firstTap)).toBeLessThan(1);
    expect(Math.abs(results[1]!.timestampSeconds! - secondTap)).toBeLessThan(1);
    expect(results[0]!.stillKey).toBeTruthy();
    expect(results[2]!.timestampSeconds).toBeNull();

    // The status read moved on; the link now shows the finished walkthrough, not a second recording.
    const status = await call("GET", "/v1/inspections", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, task_id: taskId },
    });
    expect(status.body).toMatchObject({
      status: "processing",
      inspection_id: inspection.id,
      report: { status: "processing", stage: "analyzing" },
    });
    await page.goto(link.recording_url);
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor();
    expect(await page.getByRole("button", { name: "Start recording" }).count()).toBe(0);
    await context.close();
  });

  it("lets the cleaner explain missed items with one tap each, sent together, in English for the partner", async () => {
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(link.recording_url);
    await startRecording(page);
    await pause(1500);
    // One item checked off: it waits for staff (no provider here), so the report is not released
    // yet, and explanations are taken until it is.
    await page.getByRole("button", { name: items[1] }).click();
    await pause(2000);
    await stopAndSend(page);
    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 90_000 });
    // Checked here, not after the first walk: with a return URL the page leaves after 3 seconds.
    await expectAccessible(page, "the uploaded screen (phone)");

    // Reopened after the walk: the results, with the one-tap reasons on each missed item.
    await page.goto(link.recording_url);
    await page.getByRole("heading", { name: "Checklist results" }).waitFor();
    const send = page.getByRole("button", { name: /^Send/ });
    expect(await send.isDisabled()).toBe(true);
    const first = page.getByRole("group", { name: `Why was “${items[0]}” missed?` });
    const third = page.getByRole("group", { name: `Why was “${items[2]}” missed?` });
    expect(await first.getByRole("button").allInnerTexts()).toEqual([
      "Done, the camera missed it",
      "Not in this home",
      "No supplies",
      "Something else",
    ]);
    await first.getByRole("button", { name: "Not in this home" }).click();
    expect(await first.getByRole("button", { name: "Not in this home" }).getAttribute("aria-pressed")).toBe("true");
    // "Something else" opens a field; without words it is not sent.
    await third.getByRole("button", { name: "Something else" }).click();
    await page.getByRole("button", { name: "Send the reason" }).waitFor();
    const words = "The mirror was steamed up; I cleaned it twice.";
    await page.getByLabel("Say what happened").fill(words);
    await page.getByRole("button", { name: "Send 2 reasons" }).waitFor();
    await screenshot(page, "reasons-phone");
    await expectAccessible(page, "the one-tap reasons (phone)");
    await expectTapTargets(page);
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(56);
    await send.click();

    // Each item says its reason went; the partner reads the fixed one in English, the other as typed.
    await expect.poll(() => page.getByText("Sent", { exact: true }).count(), { timeout: 20_000 }).toBe(2);
    await page.getByText("“Not in this home”").waitFor();
    await page.getByText(`“${words}”`).waitFor();
    expect(await page.getByRole("group").count()).toBe(0);
    // The partner's status read carries the checklist block, explained items with their reason.
    const status = await call("GET", "/v1/inspections", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, task_id: taskId },
    });
    expect(status.status, status.text).toBe(200);
    const byName = new Map(
      (status.body as { checklist: { items: { name: string; state: string; reason?: string }[] } }).checklist.items.map(
        (line) => [line.name, line],
      ),
    );
    expect(byName.get(items[0]!)).toMatchObject({ state: "explained", reason: "Not in this home" });
    expect(byName.get(items[2]!)).toMatchObject({ state: "explained", reason: words });
    await context.close();
  });
});
