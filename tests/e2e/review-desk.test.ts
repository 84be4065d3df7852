import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call } from "../support/api";
import { launchBrowser } from "../support/browser";
import { accessibleAtBothSizes } from "../support/axe";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import { type SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { createTestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item, provision } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";

/*
 * The review desk in Chromium, on a real sealed walkthrough analysed without a provider (so its
 * items wait for staff): a verdict in one keystroke, a finding from the paused frame (made by the
 * app's own worker, its frame the `after` picture), release. Audited like every console change.
 */

let smtp: SmtpReceiver;
let browser: Browser;
let appUrl: string;
let inspectionId: string;
let partnerId: string;
let deskWorkspace: string;
let otherWorkspace: string;
const items = ["Kitchen wiped", "Beds made"];
const staffEmail = `ops-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;

const app = useApp({ env: { USAGE_FLUSH_SECONDS: "1" }, fakes: ["smtp"], appUrl: true, database: "review_desk" });

beforeAll(async () => {
  smtp = app.smtp;
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();

  const partner = await createTestPartner("Review Desk Partner");
  const workspaceId = await readyWorkspace(partner.apiKey, "desk", [item("home-1")]);
  deskWorkspace = workspaceId;
  // A second workspace with no walkthroughs, for the inspections' workspace box.
  otherWorkspace = await provision(partner.apiKey, "desk-other");
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
  const walk = await sealedWalkthrough(partner.apiKey, {
    workspaceId,
    taps: [
      { name: items[0]!, atSeconds: 2 },
      { name: items[1]!, atSeconds: 5 },
    ],
    // The phone found the picture too dark around the first tap only.
    darkSpans: [{ from: 1.5, to: 2.5 }],
  });
  inspectionId = walk.inspectionId;
  partnerId = partner.partnerId;
  await until(
    "the analysis to hand it to staff",
    async () => ((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).analyzedAt ? true : undefined),
    90_000,
    250,
  );
  // Sealed 30 hours ago: the queue flags it (over 24 h), and a release still sends inspection.completed (under 2 days).
  await db().$executeRaw`UPDATE inspection SET sealed_at = now() - interval '30 hours' WHERE id = ${inspectionId}::uuid`;
  const user = await db().user.create({ data: { email: staffEmail } });
  await db().staffMember.create({ data: { userId: user.id } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe("the review desk", () => {
  it("flags a walkthrough sealed over 24 hours ago in the queue, decides items by keystroke and adds a finding from the paused frame; Release and next releases the report", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${appUrl}/admin/review`);
    await signInInBrowser(page, { appUrl, smtp }, staffEmail);
    const queue = page.getByRole("region", { name: "Waiting for staff" });
    await queue.waitFor();
    await queue.getByText("Over 24 h: the partner hears nothing after 2 days", { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "49-admin-review-queue-phone", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await accessibleAtBothSizes(page, "the review queue", "133-admin-review-queue");
    // The analysis's verdict on the first item, as a provider stores it, with its reasons.
    await db().inspectionItem.updateMany({
      where: { inspectionId, name: items[0] },
      data: {
        providerState: "verified",
        providerConfidence: 0.4,
        providerRationale: "The counter looks wiped but is half in shadow.",
      },
    });
    await queue.getByRole("link").first().click();
    await page.getByRole("heading", { name: "Checklist" }).waitFor();
    await accessibleAtBothSizes(page, "the review desk", "134-admin-review");
    // The phone's too-dark seconds, for the walkthrough and at the item tapped in them, beside the server's own.
    await page.getByTestId("dark-on-phone").getByText("Too dark on the phone: 0:01–0:02").waitFor();
    const firstItem = page.getByRole("article", { name: `${items[0]}: waiting for a verdict` });
    await firstItem.getByText("Too dark on the phone at this moment.").waitFor();
    // W shows the analysis's reasons for the row in focus, and hides them again.
    const reasons = firstItem.getByText("The counter looks wiped but is half in shadow.");
    expect(await reasons.isVisible()).toBe(false);
    await firstItem.focus();
    await page.keyboard.press("w");
    await reasons.waitFor();
    await page.keyboard.press("w");
    await reasons.waitFor({ state: "hidden" });
    expect(
      await page
        .getByRole("article", { name: `${items[1]}: waiting for a verdict` })
        .getByText(/Too dark/)
        .count(),
    ).toBe(0);

    // One keystroke: V on the first item.
    await page.getByRole("article", { name: `${items[0]}: waiting for a verdict` }).press("v");
    await page.getByRole("article", { name: `${items[0]}: Verified` }).waitFor();

    // Focus moved on to the second item and the video to its moment: add a finding at that paused frame.
    await page.getByTestId("player-time").getByText("0:05", { exact: true }).waitFor();
    await page.keyboard.press("a");
    const form = page.getByRole("dialog", { name: "Add a finding at 0:05" });
    await form.getByLabel("Room").fill("Bedroom");
    await form.getByLabel("Severity").selectOption("MAJOR");
    await form.getByLabel("Description").fill("Duvet cover torn along the seam.");
    await form.getByRole("button", { name: "Add finding" }).click();
    const finding = page.getByRole("article", { name: "Bedroom: Duvet cover torn along the seam." });
    await finding.waitFor({ timeout: 30_000 });
    await until(
      "its frame to load",
      async () =>
        (await finding.getByRole("img", { name: /^After/ }).evaluate((image) => (image as HTMLImageElement).naturalWidth)) > 0
          ? true
          : undefined,
      15_000,
      100,
    );
    const stored = await db().finding.findFirstOrThrow({ where: { inspectionId, source: "staff" } });
    expect(stored).toMatchObject({ room: "Bedroom", severity: "MAJOR", videoTimestampSeconds: 5 });
    expect(stored.afterKeys).toHaveLength(1);
    // From the top: the video's column is sticky, and a full-page picture keeps the scroll position.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "46-admin-review-desktop", { fullPage: true });

    // The last verdict, M: nothing else waits, but the report waits for "Release and next".
    await page.getByRole("article", { name: `${items[1]}: waiting for a verdict` }).press("m");
    await page.getByText(/^Nothing waits/).waitFor();
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).status).toBe("processing");
    await page.getByRole("button", { name: /^Release and next/ }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(inspectionId));
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).status).toBe("completed");
    const actions = (
      await db().auditEntry.findMany({ where: { objectId: { in: [inspectionId, stored.id] } }, orderBy: { at: "asc" } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(["review.decide_item", "review.add_finding", "review.decide_item", "review.release"]);

    // All inspections, filtered by status.
    await page.getByRole("link", { name: "Inspections" }).click();
    const all = page.getByRole("region", { name: "Inspections" });
    await all.getByRole("cell", { name: "Report ready" }).waitFor();
    await all.getByLabel("Status").selectOption("failed");
    await all.getByText("No inspections match").waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "50-admin-inspections-empty-phone", { fullPage: true });
    await accessibleAtBothSizes(page, "all inspections, filtered to none", "135-admin-inspections-empty");
    // The empty state's next action clears the filter.
    await all.getByRole("button", { name: "Show all inspections" }).click();
    await all.getByRole("cell", { name: "Report ready" }).waitFor();
    await accessibleAtBothSizes(page, "all inspections", "136-admin-inspections");
    await context.close();
  });

  it("shows the partner's engineer their inspections and usage on a tablet", async () => {
    const email = `dev-${randomBytes(3).toString("hex")}@review-desk-partner.com`;
    const user = await db().user.create({ data: { email } });
    await db().partnerUser.create({ data: { partnerId, userId: user.id } });
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${appUrl}/console`);
    await signInInBrowser(page, { appUrl, smtp }, email);
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    const section = (name: string) => page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true });
    // The console's inspections sit with the workspaces.
    await section("Workspaces").click();
    const inspections = page.getByRole("region", { name: "Inspections" });
    await inspections.getByRole("link", { name: "Home home-1" }).waitFor();
    await inspections.getByRole("cell", { name: "Report ready" }).waitFor();
    await screenshot(page, "48-console-inspections-tablet");
    // Narrowed to one workspace by typing its ID (the box suggests the matches as it goes).
    const box = inspections.getByLabel("Workspace");
    await box.fill(otherWorkspace);
    await inspections.getByText("No inspections match").waitFor();
    await box.fill(deskWorkspace);
    await inspections.getByText(/^Showing /).waitFor();
    await inspections.getByRole("cell", { name: "Report ready" }).waitFor();
    await box.fill("no such workspace");
    await inspections.getByText("No workspace has this name or ID").waitFor();
    await inspections.getByRole("cell", { name: "Report ready" }).waitFor();
    await box.fill("");
    await accessibleAtBothSizes(page, "the partner console's inspections", "137-console-inspections");
    // The API calls that set this walkthrough up were counted.
    await section("Usage").click();
    await page.getByRole("heading", { name: "Requests per day" }).waitFor();
    await page.getByText(/^[1-9]\d* in 30 days, by the answer's status class/).waitFor();
    await accessibleAtBothSizes(page, "the partner console's usage", "138-console-usage");
    await context.close();
  });
});
