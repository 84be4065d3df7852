import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { hmacKey } from "../../lib/webhooks/secrets";
import { signAttempt } from "../../lib/webhooks/sign";
import { launchBrowser } from "../support/browser";
import { runAdminJson } from "../support/cli";
import { until } from "../support/until";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import { linkIn, type SmtpReceiver } from "../support/smtp-receiver";
import { type WebhookReceiver } from "../support/webhook-receiver";
import { useApp } from "../support/use-app";

/*
 * Both consoles in Chromium: staff sign in by a mailed link to /admin, create a partner (its key
 * shown once), pause and resume it, set its roster cap and invite its engineer; the engineer
 * opens the invitation on a tablet, lands in the partner console and rotates the key step by
 * step; both read the audit log. Mail through a real SMTP server.
 */

let smtp: SmtpReceiver;
let receiver: WebhookReceiver;
let browser: Browser;
let appUrl: string;
let databaseUrl: string;
let dataDir: string;
const staffEmail = `ops-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;
const engineerEmail = `dev-${randomBytes(3).toString("hex")}@acme-tasks.com`;
let partnerId: string;

const app = useApp({ fakes: ["smtp", "webhooks"], appUrl: true, database: "consoles_e2e" });

beforeAll(async () => {
  ({ smtp, webhooks: receiver, databaseUrl, dataDir } = app);
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();
  await runAdminJson(["staff", "add", "--email", staffEmail], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: app.env.APP_SECRET!,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const signInThroughMail = (page: Page, email: string, mailNumber: number) =>
  signInInBrowser(page, { appUrl, smtp }, email, mailNumber);

describe("the consoles", () => {
  it("staff run a partner from /admin", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${appUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await signInThroughMail(page, staffEmail, 1);
    await page.getByRole("heading", { name: "Partners", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "All partners" }).waitFor();

    await page.getByLabel("Name").fill("Acme Tasks");
    await page.getByRole("button", { name: "Create partner" }).click();
    const secret = page.getByRole("status").filter({ hasText: "Its first API key" });
    await secret.waitFor();
    const firstKey = (await secret.locator("code").textContent())!;
    expect(firstKey.length).toBeGreaterThan(30);
    await page.getByRole("link", { name: "Acme Tasks" }).first().waitFor();
    await screenshot(page, "40-admin-partners-desktop", { mask: [secret.locator("code")] });

    await page.getByRole("link", { name: "Open the partner" }).click();
    await page.getByRole("heading", { name: "Acme Tasks", level: 1 }).waitFor();
    partnerId = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.getByRole("button", { name: "Pause partner" }).click();
    await page.getByText("Paused: its keys answer 403 partner_disabled.").waitFor();
    await page.getByRole("button", { name: "Resume partner" }).click();
    await page.getByText("Resumed: its keys work again.").waitFor();
    await page.getByLabel("Largest roster per import").fill("500");
    await page.getByRole("button", { name: "Save cap" }).click();
    await page.getByText("Roster cap saved.").waitFor();
    expect(await db().partner.findUniqueOrThrow({ where: { id: partnerId } })).toMatchObject({
      status: "active",
      rosterMax: 500,
    });

    await page.getByLabel("Email address").fill(engineerEmail);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`Invitation sent to ${engineerEmail}.`).waitFor();
    await page.getByText(`${engineerEmail} (invited, not signed in yet)`).waitFor();
    await page.getByRole("cell", { name: "partner.set_roster_max" }).waitFor();
    await screenshot(page, "41-admin-partner-desktop", { fullPage: true });

    // A workspace of the partner: its detail, and a seat staff give there.
    const workspace = await db().workspace.create({ data: { partnerId, externalId: "acme-harbour", name: "Harbour Homes" } });
    await db().property.create({ data: { workspaceId: workspace.id, externalId: "villa-7", name: "Villa Seven" } });
    await page.goto(`${appUrl}/admin/partners/${partnerId}`);
    await page.getByRole("link", { name: "Harbour Homes" }).click();
    await page.getByRole("heading", { name: "Harbour Homes", level: 1 }).waitFor();
    await page.getByRole("cell", { name: /Villa Seven/ }).waitFor();
    const seats = page.getByRole("region", { name: "Seats" });
    await seats.getByLabel("Email address").fill(`owner-${randomBytes(3).toString("hex")}@harbour-homes.com`);
    await seats.getByLabel("Role").selectOption("owner");
    await seats.getByRole("button", { name: "Save seat" }).click();
    await seats.getByText(/is owner now\. An invitation was mailed\./).waitFor();
    await seats.getByText(/· owner \(not signed in yet\)/).waitFor();
    await page.getByLabel("housekeeping (none)").fill("Kitchen wiped\nBeds made | Fresh linen on every bed");
    await page.getByRole("button", { name: "Save housekeeping" }).click();
    await page.getByText("Saved the housekeeping list: 2 items.").waitFor();
    await page.getByLabel("housekeeping (2 items)").waitFor();
    await screenshot(page, "47-admin-workspace-desktop", { fullPage: true });

    await page.getByRole("link", { name: "Jobs" }).click();
    await page.getByRole("cell", { name: "import-baseline", exact: true }).waitFor();
    await screenshot(page, "45-admin-jobs-desktop");

    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("cell", { name: "partner_user.invite" }).waitFor();
    for (const action of ["partner.create", "partner.pause", "partner.resume", "partner.set_roster_max"])
      await page.getByRole("cell", { name: action }).waitFor();
    await screenshot(page, "42-admin-audit-desktop");
    await context.close();
  });

  it("a partner's engineer rotates the key from /console on a tablet", async () => {
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true });
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    const invitation = await smtp.waitFor(engineerEmail);
    await page.goto(linkIn(invitation, `${appUrl}/api/auth/callback/email?`));
    await page.getByRole("heading", { name: "Acme Tasks", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/${partnerId}`);

    const keys = page.getByRole("region", { name: "API keys" });
    await keys
      .getByRole("button", { name: /^Revoke key / })
      .first()
      .waitFor();
    await expect(keys.getByRole("button", { name: /^Revoke key / }).count()).resolves.toBe(1);
    await keys.getByLabel("read:workspaces").check();
    await keys.getByRole("button", { name: "Create key" }).click();
    await keys.getByRole("status").filter({ hasText: "The new API key" }).waitFor();
    await keys
      .getByRole("button", { name: /^Revoke key / })
      .nth(1)
      .waitFor();
    // Two keys are active: creating a third is not offered until one is revoked.
    await expect(keys.getByRole("button", { name: "Create key" }).isDisabled()).resolves.toBe(true);
    const oldest = await db().apiKey.findFirstOrThrow({ where: { partnerId }, orderBy: { createdAt: "asc" } });
    await keys.getByRole("button", { name: `Revoke key ${oldest.hint.replace(/…$/, "")}` }).click();
    await keys.getByText(/^Revoked /).waitFor();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: oldest.id } })).status).toBe("revoked");
    await page.getByRole("region", { name: "Audit log" }).getByRole("cell", { name: "api_key.revoke" }).waitFor();
    await screenshot(page, "43-console-tablet", { fullPage: true, mask: [keys.getByRole("status").locator("code")] });

    // Webhooks: set the receiver (its secret shown once), send a test event, see it in the log.
    const hooks = page.getByRole("region", { name: "Webhooks" });
    await hooks.getByLabel("Receiver URL").fill(receiver.url);
    await hooks.getByRole("button", { name: "Set receiver" }).click();
    const shown = hooks.getByRole("status").filter({ hasText: "The receiver's signing secret" });
    const secret = (await shown.locator("code").textContent())!;
    await hooks.getByRole("button", { name: "Send a test event" }).click();
    await hooks.getByText("webhook.test · delivered").waitFor({ timeout: 20_000 });
    const delivered = receiver.received.find((delivery) => delivery.body.includes('"webhook.test"'))!;
    // The secret the console showed is the one that signs.
    const signed = signAttempt({
      eventId: delivered.headers["webhook-id"] as string,
      body: delivered.body,
      keys: [hmacKey(secret)],
      timestamp: Number(delivered.headers["webhook-timestamp"]),
    });
    expect(delivered.headers["webhook-signature"]).toBe(signed["webhook-signature"]);
    await hooks.getByText("webhook.test · delivered").click();
    await hooks.getByText(/HTTP 204 in \d+ ms/).waitFor();
    await hooks.getByRole("button", { name: "Replay this event" }).click();
    await hooks.getByText("Queued again as a new delivery with the same event_id.").waitFor();
    await until(
      "the replay to arrive",
      async () => (receiver.of(delivered.headers["webhook-id"] as string).length === 2 ? true : undefined),
      20_000,
      100,
    );
    // The same URL again keeps the secret and shows none.
    await hooks.getByLabel("Receiver URL").fill(receiver.url);
    await hooks.getByRole("button", { name: "Move receiver" }).click();
    await hooks
      .getByRole("status")
      .filter({ hasText: "The receiver is already this URL: its signing secret is unchanged" })
      .waitFor();
    expect(await hooks.getByRole("status").filter({ hasText: "The receiver's signing secret" }).count()).toBe(0);
    await hooks.scrollIntoViewIfNeeded();
    await screenshot(page, "60-console-receiver-unchanged-tablet", { mask: [page.getByRole("status").locator("code")] });
    await hooks.getByRole("button", { name: "Rotate secret (old one signs 7 more days)" }).click();
    await hooks
      .getByText(/The old secret signs too until/)
      .first()
      .waitFor();

    // The allowlist, and the workspaces (the one staff looked at, no link to staff pages here).
    const allowlist = page.getByRole("region", { name: "Return URL allowlist" });
    await allowlist.getByLabel("Scheme or origin").fill("HTTPS://App.Acme-Tasks.com:443/");
    await allowlist.getByRole("button", { name: "Add" }).click();
    await allowlist.getByText("https://app.acme-tasks.com").waitFor();
    await allowlist.getByLabel("Scheme or origin").fill("http://insecure.acme-tasks.com");
    await allowlist.getByRole("button", { name: "Add" }).click();
    await allowlist.getByRole("alert").waitFor();
    await page
      .getByRole("region", { name: "Workspaces" })
      .getByRole("cell", { name: /Harbour Homes/ })
      .waitFor();
    await screenshot(page, "44-console-webhooks-tablet", { fullPage: true, mask: [page.getByRole("status").locator("code")] });
    await hooks.getByRole("button", { name: "Remove the receiver" }).click();
    await hooks.getByText("Receiver removed: nothing more is sent until one is set.").waitFor();
    await hooks.getByText("No receiver yet").waitFor();

    // Staff pages are not theirs.
    await page.goto(`${appUrl}/admin`);
    await page.getByRole("heading", { name: "No access" }).waitFor();
    await context.close();
  });
});
