import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import {
  launchRecorderBrowser,
  pause,
  phoneContext,
  screenshot,
  startRecording,
  stopRecording,
} from "../support/recorder-browser";
import { dimmedTo, makeCameraVideo } from "../support/fake-camera";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * The recording screen in a dim room: the preview over half the phone's screen, the too-dark
 * notice on a dark camera (ffmpeg's test pattern at ~5 % brightness) and not on the bright one,
 * and no torch button on Chromium's fake camera, which has none.
 */

let partner: TestPartner;
let workspaceId: string;
let dir: string;
let bright: Browser;
let dark: Browser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-light-"));
  const darkVideo = path.join(dir, "dark.y4m");
  await makeCameraVideo(darkVideo, 4, dimmedTo(0.05));
  partner = await createTestPartner("Dim Rooms");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-light", "Basement Flat", ["Shower wiped", "Mirror polished"]);
  bright = await launchRecorderBrowser();
  dark = await launchRecorderBrowser(darkVideo);
});
afterAll(async () => {
  await bright?.close();
  await dark?.close();
  await rm(dir, { recursive: true, force: true });
});

async function recordingPage(browser: Browser, viewport = { width: 390, height: 844 }): Promise<Page> {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
  });
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(link.recording_url);
  await startRecording(page);
  return page;
}

async function expectPreviewOverHalf(page: Page, viewport: { height: number }) {
  const box = await page.getByTestId("camera-preview").boundingBox();
  expect(box).not.toBeNull();
  expect(box!.height / viewport.height).toBeGreaterThanOrEqual(0.5);
}

const tooDark = "Too dark: turn on the light or the torch";

describe("recording in a dim room", () => {
  it("says it is too dark on a dark camera, steadily, and the screen passes axe", async () => {
    const page = await recordingPage(dark);
    const notice = page.getByRole("status").filter({ hasText: tooDark });
    await notice.waitFor({ timeout: 10_000 });
    await expectPreviewOverHalf(page, { height: 844 });
    // No torch on the fake camera: the button is not there at all.
    await expect(page.getByRole("button", { name: "Torch" }).count()).resolves.toBe(0);
    await pause(1500);
    await expect(notice.isVisible()).resolves.toBe(true);
    await screenshot(page, "recording-dark-phone");
    await expectAccessible(page, "the recording screen, too dark (phone)");
    await stopRecording(page);
    // The same measure marked those seconds: the run's dark span is kept with the walk on the phone.
    // Kept as the Recording screen leaves (an IndexedDB write): read until it is there.
    let spans: unknown[] = [];
    for (let tries = 0; tries < 20 && spans.length === 0; tries++) {
      spans = await page.evaluate(
        () =>
          new Promise<unknown[]>((resolve, reject) => {
            const open = indexedDB.open("walkthrough-recorder");
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction("walks").objectStore("walks").getAll();
              all.onsuccess = () => resolve((all.result as { darkSpans?: unknown[] }[]).flatMap((walk) => walk.darkSpans ?? []));
            };
          }),
      );
      if (spans.length === 0) await pause(250);
    }
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({ run: 0, from: expect.any(Number), to: expect.any(Number) });
    const [span] = spans as { from: number; to: number }[];
    expect(span!.to - span!.from).toBeGreaterThan(2);
    await page.context().close();
  }, 90_000);

  it("says nothing about light on the bright camera, and the preview fills over half of a small phone", async () => {
    const page = await recordingPage(bright, { width: 360, height: 740 });
    await expectPreviewOverHalf(page, { height: 740 });
    // Past the measure's one-second hold: had it found the picture dark, the notice would be up.
    await pause(2500);
    await expect(page.getByText(tooDark).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Torch" }).count()).resolves.toBe(0);
    await screenshot(page, "recording-phone-360");
    await expectAccessible(page, "the recording screen (360 x 740)");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectPreviewOverHalf(page, { height: 844 });
    await page.context().close();
  }, 90_000);
});
