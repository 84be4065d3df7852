import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call } from "../support/api";
import { desktopViewport, expectAccessible } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { inspectionOf, launchRecorderBrowser, phoneContext, probeSealedVideo, screenshot } from "../support/recorder-browser";
import {
  denyCamera,
  inAppContext,
  openBadLink,
  openFailed,
  openOffline,
  reachCameraProblem,
  reachUploadStopped,
  withoutMediaRecorder,
} from "../support/recorder-flows";
import { makeTestVideo } from "../support/video-fixtures";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";

/*
 * What the cleaner sees when the camera cannot record (blocked, missing, an app's built-in
 * browser, an old browser), each with "Upload a video instead", and that way through to a sealed
 * walkthrough. Also the recorder at a desktop size, and a link that is not one.
 */

let partner: TestPartner;
let workspaceId: string;
let dir: string;
let withCamera: Browser;
let noCamera: Browser;
let asking: Browser;
const items = ["Patio swept", "Bins emptied"];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-screens-"));
  partner = await createTestPartner("Casa Clean");
  workspaceId = await readyWorkspace(partner.apiKey, "e2e-screens", [item("home-1", { name: "Garden House" })]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  withCamera = await launchRecorderBrowser();
  // Prompts answered yes, but no camera at all: getUserMedia finds no device.
  noCamera = await launchBrowser(["--use-fake-ui-for-media-stream"]);
  // A camera, and a permission question nobody answers automatically: the test answers it.
  asking = await launchBrowser(["--use-fake-device-for-media-stream"]);
});
afterAll(async () => {
  await withCamera?.close();
  await noCamera?.close();
  await asking?.close();
  await rm(dir, { recursive: true, force: true });
});

async function newLink() {
  const taskId = `task-${randomUUID()}`;
  const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
  return { taskId, url: link.recording_url };
}

async function problemScreen(context: BrowserContext, heading: string, shot: string, before?: (page: Page) => Promise<void>) {
  const page = await reachCameraProblem(context, (await newLink()).url, heading, before);
  await screenshot(page, shot);
  await expectAccessible(page, `the "${heading}" screen (phone)`);
  return page;
}

describe("when the camera cannot record", () => {
  it("explains a blocked camera and offers to try again", async () => {
    const context = await phoneContext(asking);
    // The cleaner tapped Block: Chromium's own permission store says denied.
    const page = await problemScreen(context, "Camera access is blocked", "8-camera-blocked", (target) =>
      denyCamera(context, target),
    );
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(1);
    await context.close();
  });

  it("says when there is no camera at all", async () => {
    const context = await phoneContext(noCamera);
    await problemScreen(context, "No camera found", "8b-no-camera");
    await context.close();
  });

  it("tells an app's built-in browser to open the link in a real browser, with a copy-link button", async () => {
    const context = await inAppContext(withCamera);
    const page = await problemScreen(context, "Open this link in your browser", "9-in-app-browser");
    expect(await page.getByRole("link", { name: "Open in browser" }).getAttribute("href")).toMatch(
      /^intent:\/\/localhost:\d+\/r\/.+;package=com\.android\.chrome;end$/,
    );
    expect(await page.getByRole("button", { name: "Copy link" }).count()).toBe(1);
    await context.close();
  });

  it("says an old browser cannot record", async () => {
    const context = await phoneContext(withCamera);
    await withoutMediaRecorder(context);
    await problemScreen(context, "This browser cannot record video", "10-unsupported");
    await context.close();
  });

  it("takes a video file instead, through the same upload and seal: every item not_checked", async () => {
    const { taskId, url } = await newLink();
    const context = await phoneContext(withCamera);
    const page = await context.newPage();
    await page.goto(url);
    const file = path.join(dir, "walkthrough.mp4");
    await writeFile(file, await makeTestVideo(dir, "source.mp4", { format: "mp4-h264", seconds: 3 }));
    await page.getByLabel("Upload a video instead").setInputFiles(file);
    // The finished screen says it was a video file that arrived.
    await page.getByRole("heading", { name: "Video uploaded" }).waitFor({ timeout: 90_000 });
    await page.getByText("Your video file is safely uploaded.").waitFor();
    await screenshot(page, "finished-file");
    const inspection = await inspectionOf(taskId);
    expect(inspection.source).toBe("file");
    const video = await probeSealedVideo(inspection.id);
    expect(video.probe.durationSeconds).toBeCloseTo(3, 0);
    const lines = await db().inspectionItem.findMany({ where: { inspectionId: inspection.id }, orderBy: { position: "asc" } });
    expect(lines.map((line) => [line.name, line.state])).toEqual(items.map((name) => [name, "not_checked"]));
    await context.close();
  });
});

describe("the end of the walk", () => {
  it("shows the upload stopping with a retry, the upload and the seal in progress, and no redirect after 5 minutes unsealed", async () => {
    const { url } = await newLink();
    const context = await phoneContext(withCamera);
    const page = await context.newPage();
    // The first part is refused once, as a server holding other bytes under its number would.
    await reachUploadStopped(page, url);
    await screenshot(page, "13-upload-stopped");
    // The server's own words ("Part 1 is already stored with other bytes.") never reach the cleaner.
    const stoppedWords = (await page.locator("main").innerText()).toLowerCase();
    for (const internal of ["bytes", "part ", "stored with"]) expect(stoppedWords).not.toContain(internal);
    await expectAccessible(page, "the upload stopped screen (phone)");

    // The seal never ends here: every state poll answers finishing.
    await page.route("**/api/state", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ state: "finishing" }) }),
    );
    let holdParts = true;
    // Parts and the finish call both wait, so the uploading screen stays up whether or not a part is still pending.
    for (const held of ["**/api/parts/*", "**/api/finish"])
      await page.route(held, async (route) => {
        while (holdParts) await new Promise((resolve) => setTimeout(resolve, 100));
        await route.continue();
      });
    // Back to the recorder: what was filmed is kept; Done finishes with it.
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("button", { name: "Continue recording" }).waitFor();
    // Progress reads in words; the megabytes and part counts wait behind Details for support.
    const progressWords = await page.locator("#upload-progress-label").innerText();
    expect(progressWords).toMatch(/^(All saved|Saving \d+ of \d+ parts?|Saves as you film)$/);
    const details = page.locator("details", { hasText: "Details" });
    expect(await details.locator("p").first().isVisible()).toBe(false);
    const summary = await details.locator("summary").boundingBox();
    expect(summary!.width).toBeGreaterThanOrEqual(48);
    expect(summary!.height).toBeGreaterThanOrEqual(48);
    await details.locator("summary").click();
    await expect.poll(() => details.innerText()).toMatch(/MB on the server/);
    await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
    // Uploading while a part is still on its way; once all is saved and only the finish call waits, the title says finishing.
    await page.getByRole("heading", { name: /^(Uploading your walkthrough|Finishing the upload)$/ }).waitFor();
    await screenshot(page, "14-uploading");
    await expectAccessible(page, "the uploading screen (phone)");
    holdParts = false;
    await page.getByText("This usually takes less than a minute.").waitFor({ timeout: 30_000 });
    await screenshot(page, "15-finishing");
    await expectAccessible(page, "the finishing screen (phone)");
    await page.clock.runFor(5 * 60 * 1000 + 5000);
    await page.getByRole("heading", { name: "Walkthrough received" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "16-received");
    await expectAccessible(page, "the received screen (phone)");
    expect(page.url()).toBe(url);
    await context.close();
  });
});

describe("other screens", () => {
  it("fits a desktop window while recording", async () => {
    const { url } = await newLink();
    const context = await withCamera.newContext({ viewport: desktopViewport });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: "Start recording" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "11b-desktop-ready");
    await expectAccessible(page, "the ready screen (desktop)");
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByRole("timer").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: items[0] }).click();
    await screenshot(page, "11-desktop-recording");
    await expectAccessible(page, "the recording screen (desktop)");
    // The progress has the action bar's room, not a narrow column beside the stop.
    expect((await page.locator("#upload-progress-label").boundingBox())!.width).toBeGreaterThan(400);
    // Keyboard: the toggles are buttons in tab order, and Space toggles them.
    await page.getByRole("button", { name: items[1] }).focus();
    await page.keyboard.press("Space");
    expect(await page.getByRole("button", { name: items[1] }).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("says when the walkthrough cannot be opened offline, and when it could not be processed", async () => {
    const context = await phoneContext(withCamera);
    // The first open never reaches the server: nothing is stored on the phone yet to record against.
    const offline = await context.newPage();
    await openOffline(offline, (await newLink()).url);
    expect(await offline.getByRole("button", { name: "Try again" }).count()).toBe(1);
    await screenshot(offline, "18-offline-first-open");
    await expectAccessible(offline, "the offline screen (phone)");
    // The server refuses the walkthrough for good.
    const failed = await context.newPage();
    await openFailed(failed, (await newLink()).url);
    await screenshot(failed, "19-failed");
    await expectAccessible(failed, "the could-not-be-processed screen (phone)");
    // The installed app opened without a link.
    const home = await context.newPage();
    await home.goto(new URL("/r", (await newLink()).url).toString());
    await home.getByRole("heading", { name: "Walkthrough recorder" }).waitFor({ timeout: 20_000 });
    await expectAccessible(home, "the recorder's start page (phone)");
    await context.close();
  });

  it("tells the cleaner when a link is not one", async () => {
    const context = await phoneContext(withCamera);
    const page = await context.newPage();
    await openBadLink(page, (await newLink()).url);
    await screenshot(page, "12-bad-link");
    await expectAccessible(page, "the bad link screen (phone)");
    await context.close();
  });
});
