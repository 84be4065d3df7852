import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../lib/i18n/locales";
import { expectAccessible } from "../support/axe";
import { inspectionOf, launchRecorderBrowser, pause, screenshot } from "../support/recorder-browser";
import { db } from "../../lib/db/client";
import {
  allInView,
  openChecklistSheet,
  previewShare,
  refuseFirstPartOnce,
  tapInSheet,
  withoutMediaRecorder,
} from "../support/recorder-flows";
import { recorderWords } from "../support/recorder-words";
import { measureTargets, targetProblems } from "../support/tap-targets";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * Every screen of the recorder in English and in Spanish, on a 390x844 phone and a small 360x740
 * Android: each one accessible (axe), fit for a gloved thumb, and photographed
 * (`tour-<language>-<width>-<screen>.png` when RECORDER_SCREENSHOTS_DIR is set) to be looked at.
 * While recording the preview keeps at least half the height and every item is one tap (the strip)
 * or two (the sheet) away without scrolling; after Stop what is not filmed yet shows above the actions.
 */

let browser: Browser;
let partner: TestPartner;
let workspaceId: string;
const items = ["Kitchen counters wiped", "Beds made", "Bathroom mirror clean", "Towels folded", "Balcony swept"];

beforeAll(async () => {
  partner = await createTestPartner("Casa Clean");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-tour", "Villa Miramar", items);
  browser = await launchRecorderBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function newLink(taskId = `task-${randomUUID()}`): Promise<string> {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: taskId,
    property_id: "home-1",
    task_name: "Turnover clean",
    scheduled_date: "2026-12-01",
  });
  return link.recording_url;
}

const sizes = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

describe.each<[Locale, string]>([
  ["en", "en-GB"],
  ["es", "es-ES"],
])("the recorder in %s", (locale, phoneLocale) => {
  describe.each(sizes)("at $width x $height", (size) => {
    let context: BrowserContext;
    const phone = () =>
      browser.newContext({ viewport: size, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: phoneLocale });

    async function look(page: Page, screen: string): Promise<void> {
      await screenshot(page, `tour-${locale}-${size.width}-${screen}`);
      await expectAccessible(page, `the ${screen} screen in ${locale} at ${size.width}px`);
      expect(targetProblems(await measureTargets(page)), `tap targets on the ${screen} screen`).toEqual([]);
    }

    it("ready, recording, stopped, uploaded and the results", async () => {
      const t = await recorderWords(locale);
      const taskId = `task-${randomUUID()}`;
      const url = await newLink(taskId);
      context = await phone();
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole("button", { name: t("ready.start") }).waitFor();
      await look(page, "ready");

      await page.getByRole("button", { name: t("ready.start") }).click();
      await page.getByRole("timer").waitFor({ timeout: 20_000 });
      await pause(1500);
      await page.getByRole("button", { name: items[0] }).click();
      await pause(2000);
      await look(page, "recording");
      expect((await previewShare(page)).share, "the preview's share of the height").toBeGreaterThanOrEqual(0.5);
      // The next item not checked yet leads the strip, on screen and on top of nothing.
      expect(await allInView(page.locator("li:has(> [aria-pressed=false])").first())).toEqual([true]);

      // The sheet: every item, focus inside, Escape back to the camera.
      const sheet = await openChecklistSheet(page);
      expect(await sheet.locator("button[aria-pressed=false]").count()).toBe(items.length - 1);
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      await look(page, "sheet");
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "hidden" });

      // Two taps through the sheet, one on the strip: each reaches the server, the preview never moves.
      await tapInSheet(page, items[3]!);
      expect(await page.getByRole("button", { name: items[3] }).getAttribute("aria-pressed")).toBe("true");
      await page.getByRole("button", { name: items[1] }).click();
      expect(await page.getByRole("button", { name: items[1] }).getAttribute("aria-pressed")).toBe("true");
      expect(await previewShare(page)).toMatchObject({ scrolled: 0 });
      const inspection = await inspectionOf(taskId);
      await expect
        .poll(() => db().checklistTap.count({ where: { inspectionId: inspection.id, action: "check" } }), { timeout: 20_000 })
        .toBe(3);

      await page.getByRole("button", { name: t("stopped.stop") }).click();
      await page.getByRole("heading", { name: t("stopped.title") }).waitFor({ timeout: 20_000 });
      await look(page, "stopped");
      // What is not filmed yet, and both ways on, without scrolling on the smallest phone.
      expect(await allInView(page.locator("main li"))).toEqual([true, true]);
      expect(await allInView(page.getByRole("button", { name: t("resume.continue") }))).toEqual([true]);
      expect(await allInView(page.getByRole("button", { name: t("stopped.done") }))).toEqual([true]);

      await page.getByRole("button", { name: t("stopped.done") }).click();
      await page.getByRole("heading", { name: t("finished.uploadedTitle") }).waitFor({ timeout: 120_000 });
      await look(page, "uploaded");

      await page.goto(url);
      await page.getByRole("heading", { name: t("results.title") }).waitFor();
      await look(page, "results");
      await context.close();
    });

    it("the upload stopped, offline, could not be processed, no recording in this browser, and a link that is not one", async () => {
      const t = await recorderWords(locale);
      context = await phone();
      const stopped = await context.newPage();
      await stopped.clock.install();
      await refuseFirstPartOnce(stopped);
      await stopped.goto(await newLink());
      await stopped.getByRole("button", { name: t("ready.start") }).click();
      await stopped.getByRole("timer").waitFor({ timeout: 20_000 });
      await stopped.clock.runFor(4000);
      await stopped.getByRole("heading", { name: t("problems.uploadStoppedTitle") }).waitFor({ timeout: 20_000 });
      await look(stopped, "upload-stopped");

      const offline = await context.newPage();
      await offline.route("**/api/open", (route) => route.abort("internetdisconnected"));
      await offline.goto(await newLink());
      await offline.getByRole("heading", { name: t("problems.offlineTitle") }).waitFor({ timeout: 20_000 });
      await look(offline, "offline");

      const failed = await context.newPage();
      await failed.route("**/api/open", (route) =>
        route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "inspection_failed", message: "The video could not be used." } }),
        }),
      );
      await failed.goto(await newLink());
      await failed.getByRole("heading", { name: t("problems.failedTitle") }).waitFor({ timeout: 20_000 });
      await look(failed, "failed");

      const gone = await context.newPage();
      await gone.goto(new URL("/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", await newLink()).toString());
      await gone.getByRole("heading", { name: t("problems.goneTitle") }).waitFor({ timeout: 20_000 });
      await look(gone, "bad-link");
      await context.close();

      context = await phone();
      await withoutMediaRecorder(context);
      const old = await context.newPage();
      await old.goto(await newLink());
      await old.getByRole("button", { name: t("ready.start") }).click();
      await old.getByRole("heading", { name: t("camera.unsupported.title") }).waitFor({ timeout: 20_000 });
      await look(old, "unsupported");
      await context.close();
    });
  });
});
