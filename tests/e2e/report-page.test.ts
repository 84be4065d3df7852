import { randomBytes, randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { formatVideoTime } from "../../lib/format/dates";
import { call } from "../support/api";
import { desktopViewport, expectAccessible, phoneViewport } from "../support/axe";
import { launchBrowser } from "../support/browser";
import type { FakeAnalysisProvider } from "../support/fake-analysis-provider";
import { textOutsideCatalogue } from "../support/catalogue-text";
import { screenshot } from "../support/recorder-browser";
import { signInByMail } from "../support/sign-in";
import type { SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import { useApp } from "../support/use-app";
import { createTestPartner } from "../fixtures/partners";
import { recorder } from "../fixtures/recorder";
import { issueLink, readyWorkspace, recordingLink } from "../fixtures/recording";
import { address, item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";

/*
 * The report page in Chromium, as a property manager reads it at phone and desktop size: the
 * verdict first (ready, check, not ready), findings most serious first with their pictures, the
 * checklist items to look at, the video with its timeline, the whole checklist, the PDF link in
 * the reader's zone; axe-core on each; "Play at" and a timeline mark reached and used by keyboard.
 * Reports come from real walkthroughs analysed by the app's worker against a scripted provider;
 * the 50-finding one gets its findings as rows in Postgres (the provider answers one scene only).
 */

let smtp: SmtpReceiver;
let provider: FakeAnalysisProvider;
let browser: Browser;
let appUrl: string;
let cookie: string;
let key: string;
let workspaceId: string;
const home = "harbour-12";
const items = ["Kitchen surfaces wiped", "Beds made with fresh linen", "Bathroom mirror polished", "Balcony swept"];
const reports: Record<"ready" | "notReady" | "check" | "fifty" | "recording", string> = {
  ready: "",
  notReady: "",
  check: "",
  fifty: "",
  recording: "",
};

const app = useApp({
  env: { WEBHOOK_RECORDING_HOLD_SECONDS: "5" },
  fakes: ["smtp", "analysis"],
  appUrl: true,
  database: "report_page",
});

/** One walkthrough of every item, released; its task named and scheduled as a partner would. */
async function releasedWalkthrough(taskName: string): Promise<string> {
  const walk = await sealedWalkthrough(key, {
    workspaceId,
    propertyId: home,
    taps: items.map((name, index) => ({ name, atSeconds: 1 + index * 2 })),
    video: { seconds: 9, scene: "rooms" },
  });
  const named = await recordingLink(key, {
    workspace_id: workspaceId,
    task_id: walk.taskId,
    property_id: home,
    task_name: taskName,
    scheduled_date: "2026-11-27",
  });
  expect(named.status, named.text).toBe(200);
  await until(
    "the release",
    async () =>
      (await db().inspection.findUniqueOrThrow({ where: { id: walk.inspectionId } })).status === "completed" ? true : undefined,
    120_000,
    250,
  );
  return walk.inspectionId;
}

const finding = (atSeconds: number, room: string, description: string, severity: "MINOR" | "MODERATE" | "MAJOR") => ({
  atSeconds,
  room,
  description,
  severity,
  category: "damage" as const,
  confidence: 0.95,
});

beforeAll(async () => {
  ({ smtp, analysis: provider } = app);
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();
  const partner = await createTestPartner("Staylio");
  key = partner.apiKey;
  workspaceId = await readyWorkspace(key, "report-page", [
    item(home, { name: "Harbour View Apartment", address: address("12 Quay Street") }),
  ]);
  const put = await call("PUT", `/v1/properties/${home}/checklist`, {
    key,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);

  // Clean: every item done, nothing found.
  reports.ready = await releasedWalkthrough("Turnover clean");

  // A major finding among a moderate and a minor one.
  provider.setFindings([
    finding(2, "Kitchen", "The oven door glass is cracked.", "MAJOR"),
    finding(1, "Bedroom", "A wine stain on the rug by the bed.", "MODERATE"),
    { ...finding(6, "Bathroom", "Hair left in the sink.", "MINOR"), category: "cleaning" },
  ]);
  reports.notReady = await releasedWalkthrough("Turnover clean");
  provider.reset();

  // Nothing found, one item missed.
  provider.setVerdict(items[1]!, { state: "missed", confidence: 0.92, rationale: "The duvet is on the floor." });
  reports.check = await releasedWalkthrough("Mid-stay refresh");
  provider.reset();

  // 50 findings: real rows on a real released walkthrough, with its pictures and an earlier
  // picture of the spot (a still of the clean walkthrough) on every third.
  reports.fifty = await releasedWalkthrough("Deep clean");
  const afterKeys = (await db().finding.findMany({ where: { inspectionId: reports.notReady } })).flatMap((row) => row.afterKeys);
  const stills = (await db().inspectionItem.findMany({ where: { inspectionId: reports.ready } })).flatMap((row) =>
    row.stillKey ? [row.stillKey] : [],
  );
  expect(afterKeys.length).toBeGreaterThan(0);
  expect(stills.length).toBeGreaterThan(0);
  const rooms = ["Kitchen", "Bathroom", "Bedroom", "Living room", "Balcony"];
  const severities = ["MINOR", "MINOR", "MODERATE", "MINOR", "MAJOR"] as const;
  await db().finding.createMany({
    data: Array.from({ length: 50 }, (_, i) => ({
      inspectionId: reports.fifty,
      key: `seeded-${i}`,
      room: rooms[i % rooms.length]!,
      description: `Finding number ${i + 1}: a scuff on the wall beside the door.`,
      severity: severities[i % severities.length]!,
      category: i % 3 === 0 ? ("cleaning" as const) : ("damage" as const),
      videoTimestampSeconds: (i * 8.5) / 49,
      afterKeys: [afterKeys[i % afterKeys.length]!],
      beforeKeys: i % 3 === 0 ? [stills[i % stills.length]!] : [],
      source: "provider" as const,
      confidence: 0.9,
    })),
  });

  // Opened by the cleaner and not finished: no verdict yet.
  const link = await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: home });
  const opened = await recorder(link.recording_url).open();
  expect(opened.status, opened.text).toBe(200);
  reports.recording = opened.body.inspection_id as string;

  const email = `manager-${randomBytes(3).toString("hex")}@staylio-homes.com`;
  const user = await db().user.create({ data: { email } });
  const workspace = await db().workspace.findFirstOrThrow({ where: { externalId: workspaceId } });
  await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "manager" } });
  cookie = await signInByMail({ baseUrl: app.baseUrl, appUrl, smtp }, email);
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

async function open(size: "phone" | "desktop", inspectionId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: size === "phone" ? phoneViewport : desktopViewport,
    ...(size === "phone" ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
    timezoneId: "America/New_York",
    locale: "en-US",
  });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: appUrl }]);
  const page = await context.newPage();
  await page.goto(`${appUrl}/reports/${inspectionId}`);
  await page.getByRole("heading", { level: 1, name: "Harbour View Apartment" }).waitFor();
  return { context, page };
}

/** Every picture in the page's findings has loaded (lazy ones scrolled to first). */
async function picturesLoaded(page: Page, selector = "article img"): Promise<void> {
  await until(
    "the finding pictures to load",
    async () =>
      (await page
        .locator(selector)
        .evaluateAll((images) =>
          images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
        ))
        ? true
        : undefined,
    20_000,
    100,
  );
}

/**
 * Each finding shows the earlier picture of its spot beside the one found when it has one, and
 * the one found alone with "No earlier picture of this spot" when it has none.
 */
async function expectPicturesAsStored(page: Page, inspectionId: string): Promise<{ paired: number; alone: number }> {
  const rows = await db().finding.findMany({ where: { inspectionId } });
  let paired = 0;
  for (const row of rows) {
    const article = page.getByRole("article", { name: row.description, exact: true });
    const text = await article.textContent();
    if (row.beforeKeys.length > 0) {
      paired += 1;
      await expect(article.getByRole("img").count()).resolves.toBe(2);
      expect(text).toContain("Before");
      expect(text).not.toContain("No earlier picture of this spot");
    } else {
      await expect(article.getByRole("img").count()).resolves.toBe(1);
      expect(text).toContain("No earlier picture of this spot");
    }
  }
  return { paired, alone: rows.length - paired };
}

const verdictOf = (page: Page) => page.getByRole("region", { name: "Harbour View Apartment" }).textContent();
const severitiesInOrder = (page: Page) =>
  page
    .locator("article")
    .evaluateAll((articles) => articles.map((article) => article.querySelector("span")?.textContent?.trim() ?? ""));

describe("report page", () => {
  for (const [size, shot] of [
    ["phone", 70],
    ["desktop", 71],
  ] as const) {
    it(`says a clean walkthrough is ready for guests (${size})`, async () => {
      const { context, page } = await open(size, reports.ready);
      // The server's HTML says dates in UTC and en-GB; the reader's locale once the page has hydrated.
      await page.getByRole("region", { name: "Harbour View Apartment" }).getByText("Nov 27, 2026").first().waitFor();
      const top = await verdictOf(page);
      expect(top).toContain("Ready for guests");
      expect(top).toContain("Nothing needs attention");
      expect(top).toContain("Turnover clean");
      expect(top).toContain("Nov 27, 2026");
      expect(top).toContain("12 Quay Street");
      // Zero counts are there, and quiet: muted, not a severity colour.
      const major = page.getByRole("list", { name: "Counts" }).getByRole("listitem").first();
      await expect(major.textContent()).resolves.toBe("0major");
      await expect(major.evaluate((node) => node.className)).resolves.toContain("text-muted");
      await page.getByText("Nothing was found in this walkthrough.").waitFor();
      await expect(page.getByRole("heading", { name: "Checklist items to look at" }).count()).resolves.toBe(0);
      await expect(
        page.getByRole("region", { name: "Checklist", exact: true }).getByText("Done", { exact: true }).count(),
      ).resolves.toBe(items.length);
      // The PDF in the reader's zone.
      const pdf = page.getByRole("link", { name: "Download PDF" });
      await until(
        "the PDF link to carry the zone",
        async () => ((await pdf.getAttribute("href"))?.includes("tz=") ? true : undefined),
        10_000,
        100,
      );
      expect(await pdf.getAttribute("href")).toBe(`/reports/${reports.ready}/pdf?tz=America%2FNew_York`);
      // The PDF's video link and QR code point at the page's video section (`#video`).
      expect(await page.locator("#video").getByRole("heading", { name: "Walkthrough video" }).count()).toBe(1);
      await picturesLoaded(page, "section[aria-labelledby=checklist-title] img");
      await expectAccessible(page, `the clean report (${size})`);
      await screenshot(page, `${shot}-report-ready-${size}`, { fullPage: true });
      await context.close();
    });
  }

  for (const [size, shot] of [
    ["phone", 72],
    ["desktop", 73],
  ] as const) {
    it(`says a walkthrough with a major finding is not ready, most serious first (${size})`, async () => {
      const { context, page } = await open(size, reports.notReady);
      const top = await verdictOf(page);
      expect(top).toContain("Not ready");
      expect(top).toContain("1 major finding and 1 moderate finding");
      await expect(severitiesInOrder(page)).resolves.toEqual(["Major", "Moderate", "Minor"]);
      const major = page.getByRole("article", { name: "The oven door glass is cracked." });
      await expect(major.textContent()).resolves.toContain("Kitchen");
      const row = await db().finding.findFirstOrThrow({ where: { inspectionId: reports.notReady, severity: "MAJOR" } });
      const playAt = `Play at ${formatVideoTime(row.videoTimestampSeconds!)}: The oven door glass is cracked.`;
      await expect(major.getByRole("button", { name: playAt, exact: true }).count()).resolves.toBe(1);
      await expect(page.getByRole("group", { name: "Findings on the timeline" }).getByRole("button").count()).resolves.toBe(3);
      await expect(page.getByRole("group", { name: "Checklist taps on the timeline" }).getByRole("button").count()).resolves.toBe(
        items.length,
      );
      await expectPicturesAsStored(page, reports.notReady);
      // Lazy pictures load once near the screen: the whole page's, for the full-page screenshot.
      await page.getByRole("heading", { name: "Checklist", exact: true }).scrollIntoViewIfNeeded();
      await picturesLoaded(page, "main img");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, `the not-ready report (${size})`);
      await screenshot(page, `${shot}-report-not-ready-${size}`, { fullPage: true });
      await context.close();
    });
  }

  for (const [size, shot] of [
    ["phone", 74],
    ["desktop", 75],
  ] as const) {
    it(`asks for a check before guests arrive when an item was missed (${size})`, async () => {
      const { context, page } = await open(size, reports.check);
      const top = await verdictOf(page);
      expect(top).toContain("Check before guests arrive");
      expect(top).toContain("1 missed item");
      const attention = page.getByRole("region", { name: "Checklist items to look at" });
      await expect(attention.textContent()).resolves.toContain(items[1]);
      await expect(attention.textContent()).resolves.not.toContain(items[0]);
      await expect(attention.getByRole("button", { name: `Play at 0:03: ${items[1]}` }).count()).resolves.toBe(1);
      await expectAccessible(page, `the report with a missed item (${size})`);
      await screenshot(page, `${shot}-report-check-${size}`, { fullPage: true });
      await context.close();
    });
  }

  for (const [size, shot] of [
    ["phone", 76],
    ["desktop", 77],
  ] as const) {
    it(`lists 50 findings most serious first (${size})`, async () => {
      const { context, page } = await open(size, reports.fifty);
      expect(await verdictOf(page)).toContain("Not ready");
      const order = await severitiesInOrder(page);
      expect(order).toHaveLength(50);
      const rank = { Major: 0, Moderate: 1, Minor: 2 } as Record<string, number>;
      expect(order.map((label) => rank[label])).toEqual(order.map((label) => rank[label]).sort());
      await expect(page.getByRole("group", { name: "Findings on the timeline" }).getByRole("button").count()).resolves.toBe(50);
      // Every third has an earlier picture (seeded): both layouts, side by side and alone.
      await expect(expectPicturesAsStored(page, reports.fifty)).resolves.toEqual({ paired: 17, alone: 33 });
      await expectAccessible(page, `the report with 50 findings (${size})`);
      await screenshot(page, `${shot}-report-50-findings-${size}`);
      await context.close();
    });
  }

  for (const [size, shot] of [
    ["phone", 78],
    ["desktop", 79],
  ] as const) {
    it(`says plainly that a walkthrough still being recorded has no verdict yet (${size})`, async () => {
      const { context, page } = await open(size, reports.recording);
      const top = await verdictOf(page);
      expect(top).toContain("Still being recorded");
      for (const verdict of ["Ready for guests", "Check before guests arrive", "Not ready"]) expect(top).not.toContain(verdict);
      await expect(page.getByRole("link", { name: "Download PDF" }).count()).resolves.toBe(0);
      await expect(page.getByRole("heading", { name: "Findings" }).count()).resolves.toBe(0);
      await expectAccessible(page, `a report still being recorded (${size})`);
      await screenshot(page, `${shot}-report-not-released-${size}`, { fullPage: true });
      await context.close();
    });
  }

  it("plays the video from a finding's 'Play at' and from a timeline mark, by keyboard alone", async () => {
    const { context, page } = await open("desktop", reports.notReady);
    const video = page.locator("video");
    await until(
      "the video's metadata",
      async () => ((await video.evaluate((v: HTMLVideoElement) => v.readyState)) >= 1 ? true : undefined),
      15_000,
      100,
    );
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    const tabTo = async (matches: (name: string) => boolean, what: string) => {
      for (let step = 0; step < 40; step++) {
        await page.keyboard.press("Tab");
        if (matches(await focusedName())) return;
      }
      throw new Error(`Tab never reached ${what}`);
    };
    const currentTime = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);

    await tabTo((name) => name === "Play at 0:06: Hair left in the sink.", "the minor finding's Play at");
    await page.keyboard.press("Enter");
    await until("the video to seek to 0:06", async () => ((await currentTime()) >= 6 ? true : undefined), 15_000, 100);
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // From the video, on to the timeline: the major finding's mark, earlier in the video.
    const major = await db().finding.findFirstOrThrow({ where: { inspectionId: reports.notReady, severity: "MAJOR" } });
    const majorSeconds = major.videoTimestampSeconds!;
    expect(majorSeconds).toBeLessThan(5);
    await tabTo((name) => name.startsWith("Play at") && name.includes("Major finding"), "the major finding's timeline mark");
    await page.keyboard.press("Enter");
    const time = await until(
      "the video to seek back to the major finding",
      async () => {
        const seconds = await currentTime();
        return Math.abs(seconds - majorSeconds) < 1 ? seconds : undefined;
      },
      15_000,
      100,
    );
    expect(time).toBeLessThan(6);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await context.close();
  });
  it("says nothing outside the catalogue: the report and the sign-in page in the pseudo-locale", async () => {
    const context = await browser.newContext({ viewport: phoneViewport, timezoneId: "UTC", locale: "en-US" });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([
      { name, value, url: appUrl },
      { name: "walkthrough-language", value: "en-XA", url: appUrl },
    ]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/reports/${reports.check}`);
    await page.getByRole("heading", { level: 1, name: "Harbour View Apartment" }).waitFor();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en-XA");
    const inspection = await db().inspection.findUniqueOrThrow({
      where: { id: reports.check },
      include: { property: true, workspace: true, task: true, findings: true },
    });
    const partnersWords = [
      inspection.property.name,
      // The address as the partner sent it (parts joined on the server).
      ...(await page.locator("#report-title ~ p").allTextContents()),
      inspection.workspace.name,
      inspection.task?.name ?? "",
      ...items,
      ...inspection.findings.flatMap((finding) => [finding.description, finding.room]),
    ].filter(Boolean);
    // The dates are the reader's own locale's (LocalTime), not the page's.
    const dates = [
      ...(await page.locator("main time").allTextContents()),
      ...(await page.locator("main time").evaluateAll((times) => times.map((time) => time.getAttribute("title") ?? ""))),
    ].filter(Boolean);
    expect(await textOutsideCatalogue(page, [...partnersWords, ...dates])).toEqual([]);
    await screenshot(page, "report-pseudo-locale-phone", { fullPage: true });

    const signedOut = await browser.newContext({ viewport: phoneViewport, locale: "en-US" });
    await signedOut.addCookies([{ name: "walkthrough-language", value: "en-XA", url: appUrl }]);
    const signIn = await signedOut.newPage();
    await signIn.goto(`${appUrl}/sign-in?callbackUrl=${encodeURIComponent(`/reports/${reports.check}`)}`);
    await signIn.locator("form").waitFor();
    expect(await textOutsideCatalogue(signIn, ["Walkthrough"])).toEqual([]); // the product's name, the logo
    await screenshot(signIn, "sign-in-pseudo-locale-phone", { fullPage: true });
    await signedOut.close();
    await context.close();
  });
});
