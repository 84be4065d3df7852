import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call } from "../support/api";
import { launchBrowser } from "../support/browser";
import { type FakeAnalysisProvider } from "../support/fake-analysis-provider";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import { linkIn, type SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { createTestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";

/*
 * The property manager's side in Chromium: a report link opened without a session goes through
 * sign-in by the mailed link and lands on the report; the report shows findings with pictures, a
 * video that plays from a finding's second, and the checklist; a person without a seat there sees
 * "No access". Mail through a real SMTP server, the report from a real released walkthrough.
 */

let smtp: SmtpReceiver;
let provider: FakeAnalysisProvider;
let browser: Browser;
let appUrl: string;
let inspectionId: string;
let workspaceId: string;
let partnerKey: string;
const items = ["Kitchen wiped", "Beds made", "Balcony swept"];

const app = useApp({
  env: { WEBHOOK_RECORDING_HOLD_SECONDS: "5" },
  fakes: ["smtp", "analysis"],
  appUrl: true,
  database: "reports",
});

beforeAll(async () => {
  ({ smtp, analysis: provider } = app);
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();

  const partner = await createTestPartner("Taskly");
  partnerKey = partner.apiKey;
  workspaceId = await readyWorkspace(partner.apiKey, "reports", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
  provider.setVerdict(items[1]!, { state: "missed", confidence: 0.92, rationale: "The duvet is on the floor." });
  provider.setFindings([
    {
      atSeconds: 2,
      room: "Kitchen",
      description: "The oven door glass is cracked.",
      severity: "MAJOR",
      category: "damage",
      confidence: 0.95,
    },
    {
      atSeconds: 6,
      room: "Bathroom",
      description: "Hair left in the sink.",
      severity: "MINOR",
      category: "cleaning",
      confidence: 0.95,
    },
  ]);
  const walk = await sealedWalkthrough(partner.apiKey, {
    workspaceId,
    taps: [
      { name: items[0]!, atSeconds: 1 },
      { name: items[1]!, atSeconds: 4 },
      { name: items[2]!, atSeconds: 7 },
    ],
    video: { seconds: 9, scene: "rooms" },
  });
  inspectionId = walk.inspectionId;
  await until(
    "the release",
    async () =>
      (await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).status === "completed" ? true : undefined,
    90_000,
    250,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const phone = () =>
  browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const desktop = (storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>) =>
  browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });

const signInThroughMail = (page: Page, email: string, mailNumber: number) =>
  signInInBrowser(page, { appUrl, smtp }, email, mailNumber);

describe("report pages", () => {
  let ownerState: Awaited<ReturnType<BrowserContext["storageState"]>>;

  it("signs the invited owner in from the report link and lands on the report", async () => {
    const email = `owner-${randomBytes(3).toString("hex")}@harbour-homes.com`;
    const claimed = await call("POST", "/v1/workspace-claims", {
      key: partnerKey,
      query: { workspace_id: workspaceId },
      body: { email, name: "Olive Owner" },
    });
    expect(claimed.status, claimed.text).toBe(201);
    await smtp.waitFor(email);

    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${appUrl}/reports/${inspectionId}`);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await page.getByText("Sign in to read this inspection report.").waitFor();
    await screenshot(page, "20-sign-in-phone");
    await signInThroughMail(page, email, 2);
    expect(page.url()).toBe(`${appUrl}/reports/${inspectionId}`);

    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Home home-1");
    // The verdict, findings most serious first with their pictures loaded, checklist states.
    const summary = await page.getByRole("region", { name: "Home home-1" }).textContent();
    expect(summary).toContain("Not ready");
    expect(summary).toContain("1 major finding and 1 missed item");
    const findings = page.getByRole("article");
    await expect(findings.count()).resolves.toBe(2);
    await expect(findings.first().textContent()).resolves.toContain("Kitchen");
    const pictures = page.locator("article img");
    await until(
      "the finding pictures to load",
      async () =>
        (await pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)))
          ? true
          : undefined,
      15_000,
      100,
    );
    await expect(pictures.count()).resolves.toBeGreaterThanOrEqual(2);
    const checklist = page.getByRole("region", { name: "Checklist", exact: true });
    await expect(checklist.textContent()).resolves.toContain("Missed");
    await expect(checklist.textContent()).resolves.toContain("Done");

    // The video plays from the finding's second.
    await page.getByRole("button", { name: /Play at 0:06: Hair left in the sink/ }).click();
    const time = await until(
      "the video to seek",
      async () => {
        const seconds = await page.locator("video").evaluate((video) => (video as HTMLVideoElement).currentTime);
        return seconds >= 6 ? seconds : undefined;
      },
      15_000,
      100,
    );
    expect(time).toBeLessThan(9);
    await page.locator("video").evaluate((video) => (video as HTMLVideoElement).pause());
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "21-report-phone", { fullPage: true });

    ownerState = await context.storageState();
    await context.close();
    expect((await call("GET", `/v1/workspaces/${encodeURIComponent(workspaceId)}`, { key: partnerKey })).body.claim).toEqual({
      state: "claimed",
    });
  });

  it("shows the report, the home, people and settings at desktop size", async () => {
    const context = await desktop(ownerState);
    const page = await context.newPage();
    await page.goto(`${appUrl}/reports/${inspectionId}`);
    await page.getByRole("heading", { name: "Findings" }).waitFor();
    await screenshot(page, "22-report-desktop", { fullPage: true });
    await page.emulateMedia({ media: "print" });
    await screenshot(page, "23-report-print", { fullPage: true });
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("link", { name: "Inspections" }).click();
    await page.getByRole("heading", { name: "Latest walkthroughs" }).waitFor();
    await expect(page.getByRole("link", { name: "Home home-1" }).count()).resolves.toBe(1);
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("No walkthroughs match.").waitFor();
    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("link", { name: "Home home-1" }).waitFor();
    await screenshot(page, "24-home-desktop");

    // The owner invites a manager, who appears in the list.
    await page.getByRole("link", { name: /Manage who can read/ }).click();
    const manager = `manager-${randomBytes(3).toString("hex")}@harbour-homes.com`;
    await page.getByLabel("Email address").fill(manager);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`Invitation sent to ${manager}.`).waitFor();
    await page.getByRole("button", { name: `Remove ${manager}` }).waitFor();
    expect((await smtp.waitFor(manager)).subject).toContain("invited");
    await screenshot(page, "25-people-desktop");

    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("Email me reports with a finding at least").selectOption("MAJOR");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    const seat = await db().seat.findFirstOrThrow({ where: { role: "owner", workspace: { externalId: workspaceId } } });
    expect(seat.minimumSeverity).toBe("MAJOR");
    await screenshot(page, "26-settings-desktop");
    await context.close();
  });

  it("lets the owner add baseline photos to a home from the home page on a phone", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      storageState: ownerState,
    });
    const page = await context.newPage();
    await page.goto(`${appUrl}/home`);
    const form = page.getByRole("form", { name: "Add baseline photos of Home home-1" });
    const before = await db().baselinePhoto.count({
      where: { property: { externalId: "home-1", workspace: { externalId: workspaceId } } },
    });
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2f6f4e" } })
      .jpeg()
      .toBuffer();
    await form.getByLabel("Photos of Home home-1").setInputFiles([
      { name: "hallway.jpg", mimeType: "image/jpeg", buffer: picture },
      { name: "scan.pdf", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 not a photo") },
    ]);
    await form.getByRole("button", { name: "Add photos" }).click();
    await form.getByRole("status").getByText("1 added.").waitFor({ timeout: 30_000 });
    await form.getByRole("status").getByText("scan.pdf: not a JPEG, PNG or WebP photo").waitFor();
    // The table reads the new count from the server once the upload has ended.
    await page
      .getByRole("cell")
      .filter({ hasText: `${before + 1} · Ready` })
      .filter({ has: form })
      .waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "31-home-photo-upload-phone");
    await context.close();
  });

  it("keeps the forms' buttons disabled until the page's scripts run, so an early click never submits natively", async () => {
    // Without this, a click before hydration (a slow phone) sent the form as a GET of the page.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: ownerState,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${appUrl}/settings`);
    await expect(page.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it("tells a signed-in person without a seat there 'No access', revealing nothing", async () => {
    const other = await db().workspace.create({
      data: {
        partnerId: (await db().partner.findFirstOrThrow()).id,
        externalId: `other-${randomBytes(3).toString("hex")}`,
        name: "Other Co",
      },
    });
    const email = `outsider-${randomBytes(3).toString("hex")}@other-co.com`;
    const user = await db().user.create({ data: { email } });
    await db().seat.create({ data: { workspaceId: other.id, userId: user.id, role: "manager" } });
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${appUrl}/reports/${inspectionId}`);
    // An address that cannot be sent to is refused on the page, naming the field's problem.
    await page.getByLabel("Email address").fill("someone@[10.0.0.1]");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByRole("alert").getByText("Enter an email address we can send to").waitFor();
    await screenshot(page, "28-sign-in-error-phone");
    await signInThroughMail(page, email, 1);
    await page.getByRole("heading", { name: "No access" }).waitFor();
    const text = await page.locator("main").textContent();
    expect(text).not.toContain("home-1");
    expect(text).not.toContain("Kitchen");
    await screenshot(page, "27-no-access-phone");

    // Their own workspace has nothing yet: the home says so.
    await page.getByRole("link", { name: "Go to your inspections" }).click();
    await page.getByText("No walkthroughs match.").waitFor();
    await page.getByText("No properties yet.").waitFor();
    await screenshot(page, "29-home-empty-phone");

    // A used link ends on a page that says so and offers a new one.
    const used = linkIn(smtp.to(email)[0]!, `${appUrl}/api/auth/callback/email?`);
    await page.goto(used);
    await page.getByRole("heading", { name: "This sign-in link no longer works" }).waitFor();
    await screenshot(page, "30-link-used-phone");
    await context.close();
  });

  it("lets staff and the partner's console users read the report, and not another partner's", async () => {
    const taskly = await db().partner.findFirstOrThrow({ where: { name: "Taskly" } });
    const other = await db().partner.create({ data: { name: "Other partner" } });
    const people = {
      staff: `staff-${randomBytes(3).toString("hex")}@walkthrough-staff.com`,
      engineer: `dev-${randomBytes(3).toString("hex")}@taskly-app.com`,
      outsider: `dev-${randomBytes(3).toString("hex")}@other-partner.com`,
    };
    const staff = await db().user.create({ data: { email: people.staff } });
    await db().staffMember.create({ data: { userId: staff.id } });
    const engineer = await db().user.create({ data: { email: people.engineer } });
    await db().partnerUser.create({ data: { partnerId: taskly.id, userId: engineer.id } });
    const outsider = await db().user.create({ data: { email: people.outsider } });
    await db().partnerUser.create({ data: { partnerId: other.id, userId: outsider.id } });

    for (const [who, email] of Object.entries(people)) {
      const context = await desktop();
      const page = await context.newPage();
      await page.goto(`${appUrl}/reports/${inspectionId}`);
      await signInThroughMail(page, email, 1);
      const heading = who === "outsider" ? "No access" : "Home home-1";
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await context.close();
    }
  });
});
