import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAllowlistEntry } from "../../lib/partners/add-allowlist-entry";
import { launchBrowser } from "../support/browser";
import { launchRecorderBrowser, pause, phoneContext, screenshot, startRecording } from "../support/recorder-browser";
import {
  denyCamera,
  inAppContext,
  openBadLink,
  openChecklistSheet,
  openFailed,
  openOffline,
  reachCameraProblem,
  reachUploadStopped,
  withoutMediaRecorder,
} from "../support/recorder-flows";
import { gapBetween, internalWording, measureTargets, targetProblems, textOutsideDetails } from "../support/tap-targets";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * Every recorder screen a walk can reach, at 390 x 844, measured for a gloved thumb: each button,
 * link, summary, [role=button] and label-wrapped input at least 48 x 48, the main action at least
 * 56 high, 8 px between neighbours (tests/support/tap-targets.ts). Every error screen reads in
 * plain words, with no byte counts, part numbers, codes or server phrasing outside Details.
 * The finished screen follows what happened; the results show each item's picture, served.
 */

let partner: TestPartner;
let workspaceId: string;
let withCamera: Browser;
let noCamera: Browser;
let asking: Browser;
const items = ["Oven wiped", "Sink scrubbed", "Balcony swept"];
const returnUrl = "https://partner-targets.example/tasks/7";

beforeAll(async () => {
  partner = await createTestPartner("Brisa Limpieza");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-targets", "Harbour Flat", items);
  await addAllowlistEntry(partner.partnerId, "https://partner-targets.example");
  withCamera = await launchRecorderBrowser();
  noCamera = await launchBrowser(["--use-fake-ui-for-media-stream"]);
  asking = await launchBrowser(["--use-fake-device-for-media-stream"]);
});
afterAll(async () => {
  await withCamera?.close();
  await noCamera?.close();
  await asking?.close();
});

async function newLink(withReturn = false): Promise<string> {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
    return_url: withReturn ? returnUrl : undefined,
  });
  return link.recording_url;
}

/** Measured numbers of every screen, printed once at the end for the report. */
const measured: string[] = [];

async function expectThumbFriendly(page: Page, screen: string, mainAction?: string): Promise<void> {
  const targets = await measureTargets(page);
  expect(targets.length, `${screen}: targets found`).toBeGreaterThan(0);
  const smallest = targets.reduce((low, target) => Math.min(low, target.box.width, target.box.height), Infinity);
  const gaps = targets.flatMap((a, i) =>
    targets
      .slice(i + 1)
      .filter((b, j) => a.reachable && b.reachable && !a.contains.includes(i + 1 + j) && !b.contains.includes(i))
      .map((b) => gapBetween(a.box, b.box)),
  );
  const closest = gaps.length > 0 ? `${Math.min(...gaps).toFixed(1)} px` : "none";
  measured.push(`${screen}: ${targets.length} targets, smallest side ${smallest.toFixed(1)} px, closest pair ${closest} apart`);
  expect(targetProblems(targets, mainAction), `tap targets on the ${screen} screen`).toEqual([]);
}

async function expectPlainWords(page: Page, screen: string): Promise<void> {
  const text = await textOutsideDetails(page);
  expect(text.match(internalWording)?.[0], `internal wording on the ${screen} screen: ${text}`).toBeUndefined();
}

afterAll(() => {
  console.info(`Tap targets measured:\n${measured.join("\n")}`);
});

describe("a gloved thumb on every screen", () => {
  it("walks ready, recording, stopped, uploading, finishing, uploaded and the results", async () => {
    const url = await newLink(true);
    const context = await phoneContext(withCamera);
    // The partner's app answers 204, so the page stays where it is and the uploaded screen can be measured.
    let wentBack = 0;
    await context.route(`${returnUrl}**`, (route) => {
      wentBack++;
      return route.fulfill({ status: 204 });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: "Start recording" }).waitFor({ timeout: 20_000 });
    await expectThumbFriendly(page, "ready", "Start recording");

    await startRecording(page);
    await pause(1500);
    await page.getByRole("button", { name: items[0] }).click();
    await pause(1500);
    await expectThumbFriendly(page, "recording", "Stop recording");
    // The checklist sheet over the camera: every item a big toggle, the way back 48 x 48.
    await openChecklistSheet(page);
    await expectThumbFriendly(page, "checklist sheet", items[1]);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    // Parts, then the finish call, wait from here (before the last segment is stored) so each step of the upload can be measured.
    let holdParts = true;
    let holdFinish = true;
    await page.route("**/api/parts/*", async (route) => {
      while (holdParts) await pause(100);
      await route.continue();
    });
    await page.route("**/api/finish", async (route) => {
      while (holdFinish) await pause(100);
      await route.continue();
    });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("heading", { name: "Not filmed yet" }).waitFor({ timeout: 20_000 });
    await expectThumbFriendly(page, "stopped", "Continue recording");

    await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
    await page.getByRole("heading", { name: "Uploading your walkthrough" }).waitFor();
    await expectThumbFriendly(page, "uploading");
    holdParts = false;
    // Every part saved, the finish call still on its way: the title says finishing, not uploading.
    await page.getByRole("heading", { name: "Finishing the upload" }).waitFor({ timeout: 30_000 });
    expect(await page.locator("#upload-progress-label").innerText()).toBe("All saved");
    expect(await page.getByRole("heading", { name: "Uploading your walkthrough" }).count()).toBe(0);
    await screenshot(page, "finished-finishing");
    await expectThumbFriendly(page, "finishing");
    holdFinish = false;

    await page.getByRole("heading", { name: "Recording uploaded" }).waitFor({ timeout: 90_000 });
    await page.getByText("Taking you back to Brisa Limpieza in a moment.").waitFor();
    await screenshot(page, "finished-returning");
    await expectThumbFriendly(page, "uploaded", "Return to Brisa Limpieza");
    // The page tried to go back to the partner's app (answered 204, so it stayed).
    await expect.poll(() => wentBack, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(page.url()).toBe(url);

    // Opened again: the same finished screen, with the results and each item's picture.
    const again = await context.newPage();
    await again.goto(url);
    await again.getByRole("heading", { name: "Checklist results" }).waitFor({ timeout: 20_000 });
    expect(await again.getByRole("heading", { name: "Recording uploaded" }).count()).toBe(1);
    const still = again.getByRole("img", { name: `Still of ${items[0]}` });
    await still.waitFor();
    // The picture is served: 200 with an image type, and the browser decoded it.
    const source = (await still.getAttribute("src"))!;
    const answer = await again.request.get(source);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^image\//);
    await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // Items never checked off have no picture anywhere: a placeholder that says so.
    expect(await again.getByText("No picture").count()).toBe(items.length - 1);
    await screenshot(again, "finished-sealed", { fullPage: true });
    await expectThumbFriendly(again, "results");
    await context.close();
  });

  it("keeps the upload stopped, stopped-recording and received screens thumb-friendly and in plain words", async () => {
    const url = await newLink();
    const context = await phoneContext(withCamera);
    const page = await context.newPage();
    await reachUploadStopped(page, url);
    await screenshot(page, "error-upload-stopped");
    await expectPlainWords(page, "upload stopped");
    await expectThumbFriendly(page, "upload stopped", "Try again");

    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("button", { name: "Continue recording" }).waitFor();
    await page.locator("summary", { hasText: "Details" }).click();
    await expectThumbFriendly(page, "stopped", "Continue recording");

    // The seal never ends here: every state poll answers finishing, until 5 minutes pass.
    await page.route("**/api/state", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ state: "finishing" }) }),
    );
    await page.getByRole("button", { name: "Done: send the walkthrough" }).click();
    // The seal is awaited (not the finish call, whose screen has the same title).
    await page.getByText("This usually takes less than a minute.").waitFor({ timeout: 30_000 });
    await page.clock.runFor(5 * 60 * 1000 + 5000);
    await page.getByRole("heading", { name: "Walkthrough received" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "finished-received");
    await expectThumbFriendly(page, "received");
    await context.close();
  });

  it("keeps the camera problem screens thumb-friendly and in plain words", async () => {
    const cases: { heading: string; shot: string; main: string; open: () => Promise<Page> }[] = [
      {
        heading: "Camera access is blocked",
        shot: "error-camera-blocked",
        main: "Try again",
        open: async () => {
          const context = await phoneContext(asking);
          return reachCameraProblem(context, await newLink(), "Camera access is blocked", (page) => denyCamera(context, page));
        },
      },
      {
        heading: "No camera found",
        shot: "error-no-camera",
        main: "Try again",
        open: async () => reachCameraProblem(await phoneContext(noCamera), await newLink(), "No camera found"),
      },
      {
        heading: "Open this link in your browser",
        shot: "error-in-app-browser",
        main: "Open in browser",
        open: async () => reachCameraProblem(await inAppContext(withCamera), await newLink(), "Open this link in your browser"),
      },
      {
        heading: "This browser cannot record video",
        shot: "error-unsupported",
        main: "Upload a video instead",
        open: async () => {
          const context = await phoneContext(withCamera);
          await withoutMediaRecorder(context);
          return reachCameraProblem(context, await newLink(), "This browser cannot record video");
        },
      },
    ];
    for (const screen of cases) {
      const page = await screen.open();
      await screenshot(page, screen.shot);
      await expectPlainWords(page, screen.heading);
      await expectThumbFriendly(page, screen.heading, screen.main);
      await page.context().close();
    }
  });

  it("keeps the offline, failed and bad-link screens thumb-friendly and in plain words", async () => {
    const context = await phoneContext(withCamera);
    const offline = await context.newPage();
    await openOffline(offline, await newLink());
    await screenshot(offline, "error-offline");
    await expectPlainWords(offline, "offline");
    await expectThumbFriendly(offline, "offline", "Try again");

    const failed = await context.newPage();
    await openFailed(failed, await newLink());
    await failed.getByText("Ask the app that sent you this link for a new one, then film again.").waitFor();
    await screenshot(failed, "error-failed");
    await expectPlainWords(failed, "failed");
    await expectThumbFriendly(failed, "failed");

    const bad = await context.newPage();
    await openBadLink(bad, await newLink());
    await screenshot(bad, "error-bad-link");
    await expectPlainWords(bad, "link does not work");
    await expectThumbFriendly(bad, "link does not work");
    await context.close();
  });
});
