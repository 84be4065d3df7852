import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call } from "../support/api";
import { launchBrowser } from "../support/browser";
import { desktopViewport, expectAccessible, phoneViewport } from "../support/axe";
import { runAdminJson } from "../support/cli";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import { until } from "../support/until";
import { createTestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";

/*
 * The review desk by keyboard alone, on real walkthroughs analysed without a provider (staff
 * review, the embedded default): ten items decided, a finding added at a paused frame and the
 * report released with page.keyboard only, every key counted; a reload mid-review keeps every
 * decision; a decision refused by the server (the inspection failed meanwhile through the staff
 * CLI) is named in the error.
 */

let browser: Browser;
let appUrl: string;
let tenItems: string;
let twoItems: string;
const names = ["Kitchen", "Hob", "Oven", "Fridge", "Sink", "Bathroom", "Shower", "Toilet", "Bedroom", "Balcony"];
const staffEmail = `desk-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "review_keyboard" });

async function analysed(inspectionId: string) {
  await until(
    "the analysis to hand it to staff",
    async () => ((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).analyzedAt ? true : undefined),
    120_000,
    250,
  );
}

beforeAll(async () => {
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();
  const partner = await createTestPartner("Keyboard Desk Partner");
  const workspaceId = await readyWorkspace(partner.apiKey, "desk", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: names.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
  const ten = await sealedWalkthrough(partner.apiKey, {
    workspaceId,
    taps: names.map((name, index) => ({ name, atSeconds: index + 1 })),
    video: { seconds: 12 },
    darkSpans: [{ from: 7.5, to: 8.5 }],
  });
  const two = await sealedWalkthrough(partner.apiKey, {
    workspaceId,
    taps: names.slice(0, 2).map((name, index) => ({ name, atSeconds: index + 2 })),
  });
  tenItems = ten.inspectionId;
  twoItems = two.inspectionId;
  await Promise.all([analysed(tenItems), analysed(twoItems)]);
  const user = await db().user.create({ data: { email: staffEmail } });
  await db().staffMember.create({ data: { userId: user.id } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

const row = (page: Page, name: string, state: string) => page.getByRole("article", { name: `${name}: ${state}`, exact: true });
const inFocus = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
const release = (page: Page) => page.getByRole("button", { name: /^Release and next/ });

describe("the review desk by keyboard", () => {
  it("decides ten items, adds a finding at a paused frame and releases in at most 20 keystrokes; a reload keeps every decision", async () => {
    const context = await browser.newContext({ viewport: desktopViewport });
    const page = await context.newPage();
    await page.goto(`${appUrl}/admin/review/${tenItems}`);
    await signInInBrowser(page, { appUrl, smtp: app.smtp }, staffEmail);
    await page.getByRole("heading", { name: "home-1", level: 1 }).waitFor();
    await page.getByText("Keyboard Desk Partner").waitFor();
    // Focus starts on the first waiting item; Release waits for every decision.
    await until(
      "focus on the first item",
      async () => ((await inFocus(page)) === `${names[0]}: waiting for a verdict` ? true : undefined),
      10_000,
      50,
    );
    expect(await release(page).isDisabled()).toBe(true);
    await expectAccessible(page, "the review desk");

    // `?` shows the contract (not counted: it is not part of reviewing).
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard" });
    await help.getByText("Release and next (once nothing waits)").waitFor();
    await expectAccessible(page, "the review desk's keys");
    await screenshot(page, "review-desk-keys-desktop");
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });

    let keys = 0;
    let typed = 0;
    const press = async (key: string) => {
      keys += 1;
      await page.keyboard.press(key);
    };
    const type = async (text: string) => {
      keys += 1;
      typed += text.length;
      await page.keyboard.type(text);
    };
    const verdicts = ["v", "v", "m", "v", "n", "v", "v", "m", "v", "v"];
    const label = { v: "Verified", m: "Missed", n: "Not checked" } as Record<string, string>;

    for (const [index, key] of verdicts.slice(0, 5).entries()) {
      await press(key);
      await row(page, names[index]!, label[key]!).waitFor();
    }
    // Focus moved on to the next waiting item, and the video to its moment (the player's own time).
    await until(
      "focus on the sixth item",
      async () => ((await inFocus(page)) === `${names[5]}: waiting for a verdict` ? true : undefined),
      10_000,
      50,
    );
    await page.getByTestId("player-time").getByText("0:06", { exact: true }).waitFor();
    await screenshot(page, "review-desk-mid-review-desktop");
    await page.setViewportSize(phoneViewport);
    await screenshot(page, "review-desk-mid-review-phone");
    await expectAccessible(page, "the review desk on a phone");
    await page.setViewportSize(desktopViewport);

    // A reload resumes: five decisions kept, focus on the first still waiting.
    await until(
      "five decisions saved",
      async () =>
        (await db().inspectionItem.count({ where: { inspectionId: tenItems, reviewNeeded: false } })) === 5 ? true : undefined,
      10_000,
      100,
    );
    await page.reload();
    for (const [index, key] of verdicts.slice(0, 5).entries()) await row(page, names[index]!, label[key]!).waitFor();
    await until(
      "focus on the sixth item again",
      async () => ((await inFocus(page)) === `${names[5]}: waiting for a verdict` ? true : undefined),
      10_000,
      50,
    );
    await page.getByTestId("player-time").getByText("0:06", { exact: true }).waitFor();

    // One second on, then a finding at that paused frame.
    await press("ArrowRight");
    await page.getByTestId("player-time").getByText("0:07", { exact: true }).waitFor();
    await press("a");
    const form = page.getByRole("dialog", { name: "Add a finding at 0:07" });
    await form.getByLabel("Room").waitFor();
    await type("Bathroom");
    await press("Tab");
    await type("Cracked tile by the shower");
    await screenshot(page, "review-desk-add-finding-desktop");
    await expectAccessible(page, "the add-finding form");
    await press("Enter");
    await page.getByRole("article", { name: "Bathroom: Cracked tile by the shower" }).waitFor({ timeout: 60_000 });

    for (const [offset, key] of verdicts.slice(5).entries()) {
      await press(key);
      await row(page, names[5 + offset]!, label[key]!).waitFor();
    }
    await until("Release to be enabled", async () => ((await release(page).isEnabled()) ? true : undefined), 20_000, 50);
    // Every verdict is in, yet nothing is released until Enter: the last keystroke can still be put right.
    expect((await db().inspection.findUniqueOrThrow({ where: { id: tenItems } })).status).toBe("processing");
    await press("Enter");
    // "Next" holds and opens the oldest walkthrough nobody holds: another desk (this file's two-item
    // walkthrough waits, so there is one), never the one just released.
    // Read from the page's address: Next's client-side navigation is not a load Playwright waits for.
    const nextDesk = (path: string) => /^\/admin\/review\/[0-9a-f-]{36}$/.test(path) && !path.endsWith(tenItems);
    const at = async () =>
      `${new URL(page.url()).pathname}: ${(
        await page
          .locator("main")
          .innerText()
          .catch(() => "")
      ).slice(0, 300)}`;
    await until(
      "the next walkthrough's desk",
      async () => (nextDesk(new URL(page.url()).pathname) ? true : undefined),
      20_000,
      100,
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the page is at ${await at()}`);
    });
    await page.getByRole("button", { name: /^Release and next/ }).waitFor();

    const inspection = await db().inspection.findUniqueOrThrow({
      where: { id: tenItems },
      include: { items: true, findings: true },
    });
    expect(inspection.status).toBe("completed");
    expect(inspection.items.map((entry) => [entry.name, entry.state]).sort()).toEqual(
      names.map((name, index) => [name, { v: "verified", m: "missed", n: "not_checked" }[verdicts[index]!]]).sort(),
    );
    expect(inspection.findings).toHaveLength(1);
    expect(inspection.findings[0]).toMatchObject({ room: "Bathroom", source: "staff", videoTimestampSeconds: 7 });
    console.info(
      `review desk: ${keys} keystrokes for 10 items, 1 finding and the release (${typed} characters typed in 2 fields)`,
    );
    expect(keys).toBeLessThanOrEqual(20);
    await context.close();
  }, 240_000);

  it("names the decision that did not save when the inspection failed meanwhile through the staff CLI", async () => {
    const context = await browser.newContext({ viewport: desktopViewport });
    const page = await context.newPage();
    await page.goto(`${appUrl}/admin/review/${twoItems}`);
    await signInInBrowser(page, { appUrl, smtp: app.smtp }, staffEmail, 2);
    await until(
      "focus on the first item",
      async () => ((await inFocus(page)) === `${names[0]}: waiting for a verdict` ? true : undefined),
      30_000,
      50,
    );
    expect(await release(page).isDisabled()).toBe(true);
    await runAdminJson(["review", "fail", "--inspection", twoItems, "--reason", "duplicate"]);
    await page.keyboard.press("v");
    await page.getByRole("alert").getByText(`${names[0]}: verified did not save`).waitFor();
    // The row is put back as the server has it: nothing is left to decide on a failed inspection.
    await page.getByText("Failed", { exact: true }).waitFor();
    expect((await db().inspectionItem.findFirstOrThrow({ where: { inspectionId: twoItems, name: names[0] } })).state).toBe(
      "pending",
    );
    await screenshot(page, "review-desk-save-failed-desktop");
    await expectAccessible(page, "the review desk with a refused decision");
    // Enter on a walkthrough closed elsewhere only moves on: to the next one, or the queue saying none waits.
    await page.getByRole("button", { name: /^Next walkthrough/ }).waitFor();
    await page.locator("body").press("Enter");
    await page.waitForURL((url) => !url.pathname.endsWith(twoItems));
    expect((await db().inspection.findUniqueOrThrow({ where: { id: twoItems } })).status).toBe("failed");
    await context.close();
  }, 120_000);
});
