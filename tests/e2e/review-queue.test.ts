import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { holdReview } from "../../lib/review/review-holds";
import { desktopViewport, expectAccessible } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import { useApp } from "../support/use-app";
import { seedWaitingReview, staffUser } from "../fixtures/waiting-review";

/*
 * The review queue in Chromium at 1440x900: empty, then busy with waits on either side of the
 * target and the 24-hour flag, the provider's doubts and a held walkthrough; two reviewers in two
 * browser contexts pressing Start reviewing land on different walkthroughs, and one opening the
 * other's sees who holds it and takes it over.
 */

const app = useApp({ env: { REVIEW_TARGET_MINUTES: "30" }, fakes: ["smtp"], appUrl: true, database: "review_queue" });
let browser: Browser;
const contexts: BrowserContext[] = [];
const address = (label: string) => `${label}-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;
const ana = { email: address("ana"), name: "Ana Ortiz" };
const ben = { email: address("ben"), name: "Ben Cole" };

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: desktopViewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${app.env.APP_URL}/admin/review`);
  await signInInBrowser(page, { appUrl: app.env.APP_URL!, smtp: app.smtp }, email);
  await page.getByRole("heading", { name: "Review", exact: true }).waitFor();
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await staffUser(ana.email, ana.name);
  await staffUser(ben.email, ben.name);
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe("the review queue", () => {
  let anaPage: Page;
  let benPage: Page;

  it("says nothing waits when nothing does", async () => {
    anaPage = await signedIn(ana.email);
    await anaPage.getByText("Nothing waits", { exact: true }).waitFor();
    await expectAccessible(anaPage, "the empty review queue");
    await screenshot(anaPage, "queue25-review-queue-empty");
    // Start reviewing with nothing to review: back here, told so.
    await anaPage.getByRole("link", { name: "Start reviewing" }).click();
    await anaPage.getByRole("status").getByText("Nothing waiting").waitFor();
  });

  it("colours waits against the target, flags the 24-hour ones and the provider's doubts, and shows who holds what", async () => {
    await seedWaitingReview({ homeName: "Harbour View", sealedMinutesAgo: 31 * 60, items: 12, findings: 2 });
    await seedWaitingReview({
      homeName: "Pine Lodge",
      partnerName: "Bolt Cleaning",
      sealedMinutesAgo: 48,
      items: 8,
      lowConfidence: 3,
    });
    const held = await seedWaitingReview({ homeName: "Oak Barn", sealedMinutesAgo: 22, items: 5, selfDisagreeing: 2 });
    await seedWaitingReview({
      homeName: "Elm Cottage",
      partnerName: "Bolt Cleaning",
      sealedMinutesAgo: 4,
      items: 10,
      findings: 1,
    });
    const gus = await staffUser(address("gus"), "Gus Meyer");
    await holdReview(held.inspectionId, gus);

    await anaPage.goto(`${app.env.APP_URL}/admin/review`);
    const rows = anaPage.getByRole("region", { name: "Waiting for staff" }).getByRole("row");
    await rows.nth(1).waitFor();
    // Oldest first: header row, then the four.
    expect((await rows.allInnerTexts()).slice(1).map((text) => text.split("\n")[0])).toEqual([
      "Harbour View",
      "Pine Lodge",
      "Oak Barn",
      "Elm Cottage",
    ]);
    const row = (home: string) => rows.filter({ hasText: home });
    // Colour plus words: each standing is also said in text.
    await row("Harbour View").getByText("over the target").waitFor();
    await row("Harbour View").getByText("Over 24 h: the partner hears nothing after 2 days").waitFor();
    await row("Pine Lodge").getByText("over the target").waitFor();
    await row("Pine Lodge").getByText("3 low confidence").waitFor();
    await row("Oak Barn").getByText("nearing the target").waitFor();
    await row("Oak Barn").getByText("Disagrees with itself on 2").waitFor();
    await row("Oak Barn").getByText("Gus Meyer").waitFor();
    await row("Elm Cottage").getByText("within half the target").waitFor();
    expect(await row("Elm Cottage").getByText("Over 24 h", { exact: false }).count()).toBe(0);
    const classes = async (home: string) =>
      row(home)
        .getByText(/^\d+ (min|h|d)/)
        .first()
        .evaluate((badge) => badge.closest("span.rounded-full")?.className ?? "");
    expect(await classes("Harbour View")).toContain("text-danger");
    expect(await classes("Oak Barn")).toContain("text-warning");
    expect(await classes("Elm Cottage")).toContain("text-success");
    expect(await anaPage.getByText("Decided, not released").count()).toBe(0);
    await expectAccessible(anaPage, "the busy review queue");
    await screenshot(anaPage, "queue25-review-queue-busy", { fullPage: true });

    // Every item of Elm Cottage decided on a desk and its finding kept, not yet released: it stays, saying so.
    const elm = await db().inspection.findFirstOrThrow({ where: { property: { name: "Elm Cottage" }, status: "processing" } });
    await db().inspectionItem.updateMany({
      where: { inspectionId: elm.id },
      data: { state: "verified", staffState: "verified", reviewNeeded: false, decidedBy: "staff" },
    });
    await db().finding.updateMany({ where: { inspectionId: elm.id }, data: { reviewNeeded: false } });
    await anaPage.reload();
    await row("Elm Cottage").getByText("Decided, not released").waitFor();
  });

  it("sends two reviewers pressing Start reviewing at once to different walkthroughs; one opening the other's sees who holds it and takes it over", async () => {
    benPage = await signedIn(ben.email);
    await anaPage.goto(`${app.env.APP_URL}/admin/review`);
    await Promise.all([
      anaPage.getByRole("link", { name: "Start reviewing" }).click(),
      benPage.getByRole("link", { name: "Start reviewing" }).click(),
    ]);
    const desk = /\/admin\/review\/[0-9a-f-]{36}$/;
    await Promise.all([anaPage.waitForURL(desk), benPage.waitForURL(desk)]);
    expect(anaPage.url()).not.toBe(benPage.url());
    const leases = await db().reviewLease.findMany({ where: { expiresAt: { gt: new Date() } }, include: { holder: true } });
    const holderOf = (url: string) => leases.find((row) => url.endsWith(row.inspectionId))?.holder.email;
    expect(holderOf(anaPage.url())).toBe(ana.email);
    expect(holderOf(benPage.url())).toBe(ben.email);

    // The queue shows who holds what.
    await anaPage.goto(`${app.env.APP_URL}/admin/review`);
    await anaPage.getByRole("cell", { name: "You" }).waitFor();
    await anaPage.getByRole("cell", { name: ben.name }).waitFor();

    // Ana opens Ben's: who holds it, and Take over instead of the desk.
    const bens = benPage.url();
    await anaPage.goto(bens);
    await anaPage.getByRole("heading", { name: `${ben.name} is reviewing this walkthrough` }).waitFor();
    await expectAccessible(anaPage, "a walkthrough another reviewer holds");
    await screenshot(anaPage, "queue25-review-held-elsewhere");
    await anaPage.getByRole("button", { name: "Take over" }).click();
    await anaPage.getByRole("heading", { name: `${ben.name} is reviewing this walkthrough` }).waitFor({ state: "detached" });
    const inspectionId = bens.split("/").pop()!;
    expect((await db().reviewLease.findUniqueOrThrow({ where: { inspectionId }, include: { holder: true } })).holder.email).toBe(
      ana.email,
    );
    const audit = await db().auditEntry.findFirstOrThrow({ where: { objectId: inspectionId, action: "review.take_over" } });
    expect(audit).toMatchObject({ actor: ana.email, detail: { from: ben.name } });
  }, 120_000);
});
