import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { expectAccessible } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { runAdminJson } from "../support/cli";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import { linkIn, type SmtpReceiver } from "../support/smtp-receiver";
import { useApp } from "../support/use-app";

/*
 * The open surfaces' pages in Chromium: the demo tier's confirmation page reached from the mailed
 * link on a phone and confirmed from the keyboard, the connector catalogue and the demo guide,
 * and staff switching a workspace's iCal connector on in /admin.
 */

let smtp: SmtpReceiver;
let browser: Browser;
let appUrl: string;
let databaseUrl: string;
let secret: string;
const staffEmail = `ops-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;

// Web only: confirming queues the analysis, which no worker here takes.
const app = useApp({ fakes: ["smtp"], workers: 0, appUrl: true, database: "open_surfaces_e2e" });

beforeAll(async () => {
  ({ smtp, databaseUrl } = app);
  appUrl = app.env.APP_URL!;
  secret = app.env.APP_SECRET!;
  browser = await launchBrowser();
  await runAdminJson(["staff", "add", "--email", staffEmail], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: app.dataDir,
    APP_SECRET: secret,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("the demo tier", () => {
  it("confirms a submission from the mailed link on a phone, by keyboard", async () => {
    const email = `visitor-${randomBytes(3).toString("hex")}@walkthrough-demo.com`;
    const sent = await fetch(`${appUrl}/demo/inspections`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, accept_terms: true, photos: [{ url: "https://photos.example.com/kitchen.jpg" }] }),
    });
    expect(sent.status).toBe(202);
    const { request_id: requestId } = (await sent.json()) as { request_id: string };
    const link = linkIn(await smtp.waitFor(email), `${appUrl}/demo/confirm?token=`);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Confirm your demo submission", level: 1 }).waitFor();
    await expectAccessible(page, "the demo confirmation page");
    await screenshot(page, "51-demo-confirm-phone");
    const button = page.getByRole("button", { name: "Confirm" });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Confirmed: the photos are being analysed" }).waitFor();
    await expectAccessible(page, "the demo confirmation, confirmed");
    await screenshot(page, "52-demo-confirmed-phone");
    expect((await db().demoSubmission.findUniqueOrThrow({ where: { id: requestId } })).status).toBe("queued");

    // The same link again confirms nothing more; a broken one says so.
    await page.goto(`${appUrl}/demo/confirm?token=demo_ct_nothing`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "No submission awaits this confirmation" }).waitFor();
    await expectAccessible(page, "the demo confirmation, failed");
    await screenshot(page, "57-demo-confirm-failed-phone");
    await page.goto(`${appUrl}/demo/terms`);
    await page.getByRole("heading", { name: "Demo terms", level: 1 }).waitFor();
    await screenshot(page, "58-demo-terms-phone", { fullPage: true });

    await page.goto(`${appUrl}/docs/demo`);
    await page.getByRole("heading", { name: "Three steps" }).waitFor();
    await screenshot(page, "53-demo-guide-phone", { fullPage: true });
    await page.goto(`${appUrl}/docs/connectors`);
    await page.getByRole("heading", { name: /Guesty/, level: 2 }).waitFor();
    await screenshot(page, "56-connectors-phone");
    await context.close();
  });
});

describe("connectors", () => {
  it("shows the catalogue to people, and staff switch a workspace's iCal connector on in /admin", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${appUrl}/connectors`);
    expect(new URL(page.url()).pathname).toBe("/docs/connectors");
    await page.getByRole("heading", { name: /iCal reservation calendars/, level: 2 }).waitFor();
    await screenshot(page, "54-connectors-desktop");

    const { partner_id: partnerId } = await runAdminJson<{ partner_id: string }>(
      ["partner", "create", "--name", "Harbour Tasks"],
      { DATABASE_URL: databaseUrl, DATA_DIR: app.dataDir, APP_SECRET: secret },
    );
    const workspace = await db().workspace.create({ data: { partnerId, externalId: "harbour-1", name: "Harbour Homes" } });
    await page.goto(`${appUrl}/admin/partners/${partnerId}/workspaces/${workspace.id}`);
    // A sign-in link is mailed by a job: from here on a worker runs beside the web-only app.
    await app.startWorker();
    await signInInBrowser(page, { appUrl, smtp }, staffEmail, 1);
    await page.goto(`${appUrl}/admin/partners/${partnerId}/workspaces/${workspace.id}`);
    const panel = page.getByRole("region", { name: "Connectors" });
    await panel.getByRole("button", { name: "Enable iCal reservation calendars" }).click();
    await panel.getByRole("status").filter({ hasText: "iCal reservation calendars enabled" }).waitFor();
    await panel.getByRole("button", { name: "Disable iCal reservation calendars" }).waitFor();
    expect(await db().connectorEnablement.count({ where: { workspaceId: workspace.id, platform: "ical" } })).toBe(1);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "55-admin-connectors-desktop");
    const audit = await db().auditEntry.findFirst({ where: { action: "connector.enable", objectId: workspace.id } });
    expect(audit?.actor).toBe(staffEmail);

    // The partner's event track, on its page's Connectors tab.
    await page.goto(`${appUrl}/admin/partners/${partnerId}?tab=connectors`);
    await page.getByLabel("Events sent").selectOption("reservations");
    await page
      .getByRole("region", { name: /^Notifications/ })
      .getByText(/workspace\.\* and reservation\.\* events/)
      .waitFor();
    expect((await db().partner.findUniqueOrThrow({ where: { id: partnerId } })).eventTrack).toBe("reservations");
    await page.getByRole("heading", { name: "Event track" }).scrollIntoViewIfNeeded();
    await screenshot(page, "59-admin-partner-track-desktop");
    await context.close();
  });
});
