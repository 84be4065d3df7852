import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";

/*
 * Ways to bring the recorder to a screen that a real walk reaches only by bad luck (a refused
 * part, no signal on the first open, a walkthrough the server gave up on, a camera that cannot
 * record), shared by the screens, targets and wording tests so each sets it up the same way.
 * The server and the browser are real; only the one answer that makes the bad luck is answered here.
 */

/** The first part is refused once, as a server holding other bytes under its number would (409 part_conflict). */
export async function refuseFirstPartOnce(page: Page): Promise<void> {
  let refuse = true;
  await page.route("**/api/parts/1", async (route) => {
    if (!refuse) return route.continue();
    refuse = false;
    await route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "part_conflict", message: "Part 1 is already stored with other bytes." } }),
    });
  });
}

/** Starts recording with the page's clock installed and runs it on until the refused part stops the upload. */
export async function reachUploadStopped(page: Page, url: string): Promise<void> {
  await page.clock.install();
  await refuseFirstPartOnce(page);
  await page.goto(url);
  await page.getByRole("button", { name: "Start recording" }).click();
  await page.getByRole("timer").waitFor({ timeout: 20_000 });
  await page.clock.runFor(4000);
  await page.getByRole("heading", { name: "The upload stopped" }).waitFor({ timeout: 20_000 });
}

/** The first open never reaches the server: nothing is stored on the phone yet to record against. */
export async function openOffline(page: Page, url: string): Promise<void> {
  await page.route("**/api/open", (route) => route.abort("internetdisconnected"));
  await page.goto(url);
  await page.getByRole("heading", { name: "You are offline" }).waitFor({ timeout: 20_000 });
}

/** The server refuses the walkthrough for good: its video could not be used. */
export async function openFailed(page: Page, url: string): Promise<void> {
  await page.route("**/api/open", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "inspection_failed", message: "The video could not be used." } }),
    }),
  );
  await page.goto(url);
  await page.getByRole("heading", { name: "This walkthrough could not be processed" }).waitFor({ timeout: 20_000 });
}

/** A link of the right shape that no recording link was issued with. */
export async function openBadLink(page: Page, anyLink: string): Promise<void> {
  await page.goto(new URL("/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", anyLink).toString());
  await page.getByRole("heading", { name: "This link does not work" }).waitFor({ timeout: 20_000 });
}

/** The cleaner tapped Block: Chromium's own permission store says denied, for the page about to open. */
export async function denyCamera(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  for (const name of ["camera", "microphone"]) {
    await cdp.send("Browser.setPermission", { permission: { name }, setting: "denied" });
  }
}

/** A phone whose link opened inside another app's built-in browser (Instagram on Android). */
export function inAppContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 Instagram 300.0.0",
  });
}

/** A browser without MediaRecorder, as an old one is. */
export async function withoutMediaRecorder(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // @ts-expect-error -- a browser without MediaRecorder
    delete window.MediaRecorder;
  });
}

/** Opens the link and taps Start recording until the camera problem's heading shows; `before` runs on the new page first. */
export async function reachCameraProblem(
  context: BrowserContext,
  url: string,
  heading: string,
  before?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await context.newPage();
  await before?.(page);
  await page.goto(url);
  await page.getByRole("button", { name: "Start recording" }).click();
  await page.getByRole("heading", { name: heading }).waitFor({ timeout: 20_000 });
  expect(await page.getByLabel("Upload a video instead").count()).toBe(1);
  return page;
}

/**
 * An init script (`context.addInitScript(keepRecorders)`) that keeps every MediaRecorder the page
 * starts on `window.testRecorders`, so a test can stop one as a failing browser (iOS Safari after
 * about ten minutes) would.
 */
export function keepRecorders(): void {
  const recorders: MediaRecorder[] = [];
  (window as unknown as { testRecorders: MediaRecorder[] }).testRecorders = recorders;
  const start = MediaRecorder.prototype.start;
  MediaRecorder.prototype.start = function (this: MediaRecorder, ...args: Parameters<MediaRecorder["start"]>) {
    recorders.push(this);
    return start.apply(this, args);
  };
}

/**
 * While recording on a phone: opens the checklist sheet from the strip's "Checklist 2 of 5"
 * button (found by what it does, so it works in every language) and answers the sheet.
 */
export async function openChecklistSheet(page: Page) {
  await page.locator("button[aria-haspopup=dialog]").click();
  const sheet = page.getByRole("dialog");
  await sheet.waitFor();
  return sheet;
}

/** Taps an item in the checklist sheet (the second way to any item); checking one closes the sheet. */
export async function tapInSheet(page: Page, name: string): Promise<void> {
  const sheet = await openChecklistSheet(page);
  await sheet.getByRole("button", { name }).click();
  await sheet.waitFor({ state: "hidden" });
}

/** The preview's share of the viewport's height, and whether the page was scrolled to reach anything. */
export async function previewShare(page: Page): Promise<{ share: number; scrolled: number }> {
  return page.evaluate(() => {
    const preview = document.querySelector("[data-testid=camera-preview]")!.getBoundingClientRect();
    return { share: preview.height / window.innerHeight, scrolled: window.scrollY };
  });
}

/** Whether each element is on screen and on top (not under the sticky action bar): the cleaner sees it without scrolling. */
export function allInView(elements: Locator): Promise<boolean[]> {
  return elements.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > window.innerHeight) return false;
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.bottom - 2);
      return hit !== null && (element === hit || element.contains(hit));
    }),
  );
}
