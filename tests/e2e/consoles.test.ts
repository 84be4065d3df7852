import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { hmacKey } from "../../lib/webhooks/secrets";
import { signAttempt } from "../../lib/webhooks/sign";
import { launchBrowser } from "../support/browser";
import { runAdminJson } from "../support/cli";
import { until } from "../support/until";
import { accessibleAtBothSizes, desktopViewport, expectAccessible, phoneViewport } from "../support/axe";
import { expectNoRawValues } from "../support/raw-values";
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

/** The toasts' live region (Radix's viewport); a toast's text is found inside it, not in its transient announcement. */
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

/** Closes the toasts shown so far, so a screenshot shows the page under them. */
async function dismissToasts(page: Page) {
  // One at a time: each closes (and others time out) while the list is read.
  const dismiss = toasts(page).getByRole("button", { name: "Dismiss" });
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

describe("the consoles", () => {
  // Every staff page at two sizes (and their screenshots, when taken) outlasts the default on a busy 2-core machine.
  it("staff run a partner from /admin", async () => {
    const context = await browser.newContext({ viewport: desktopViewport });
    const page = await context.newPage();
    // Every destructive action asks in the page's own dialog: a native one would fail the test here.
    page.on("dialog", (dialog) => {
      throw new Error(`A native dialog opened: ${dialog.message()}`);
    });
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
    await secret.getByRole("button", { name: "Copy its first api key" }).waitFor();
    await page.getByRole("link", { name: "Acme Tasks" }).first().waitFor();
    await screenshot(page, "40-admin-partners-desktop", { mask: [secret.locator("code")] });
    await accessibleAtBothSizes(page, "the partners list", "91-admin-partners", [secret.locator("code")]);

    await page.getByRole("link", { name: "Open the partner" }).click();
    await page.getByRole("heading", { name: "Acme Tasks", level: 1 }).waitFor();
    partnerId = new URL(page.url()).pathname.split("/").at(-1)!;
    await expect(page.getByRole("link", { name: "Partners", exact: true }).getAttribute("aria-current")).resolves.toBe("page");

    // The page in tabs, each its own URL: the arrow keys move through them, Back returns to the previous one.
    const tabs = page.getByRole("tablist", { name: "Partner sections" });
    await expect(tabs.getByRole("tab").allTextContents()).resolves.toEqual([
      "Overview",
      "API keys",
      "Webhooks",
      "Allowlist",
      "Workspaces",
      "Connectors",
      "Audit",
    ]);
    const tabOfUrl = () => new URL(page.url()).searchParams.get("tab");
    const overviewTab = tabs.getByRole("tab", { name: "Overview" });
    await overviewTab.click({ trial: true });
    await overviewTab.focus();
    for (const [name, value, region] of [
      ["API keys", "keys", "API keys"],
      ["Webhooks", "webhooks", "Webhooks"],
      ["Allowlist", "allowlist", "Return URL allowlist"],
      ["Workspaces", "workspaces", "Workspaces"],
      ["Connectors", "connectors", "Event track"],
      ["Audit", "audit", "Audit log"],
    ] as const) {
      await page.keyboard.press("ArrowRight");
      await tabs.getByRole("tab", { name, selected: true }).waitFor();
      await until(`?tab=${value}`, async () => (tabOfUrl() === value ? true : undefined));
      await page.getByRole("region", { name: region }).first().waitFor();
      await expect(tabs.getByRole("tab", { name }).evaluate((tab) => tab === document.activeElement)).resolves.toBe(true);
      await expectAccessible(page, `the partner's ${name} tab`);
      await screenshot(page, `41-admin-partner-tab-${value}-desktop`);
    }
    await page.goBack();
    await tabs.getByRole("tab", { name: "Connectors", selected: true }).waitFor();
    expect(tabOfUrl()).toBe("connectors");
    // On a phone the tabs scroll sideways: the open one is brought into view, and a fade with an
    // arrow on the edge says more tabs wait beyond it.
    await page.setViewportSize(phoneViewport);
    await page.goto(`${appUrl}/admin/partners/${partnerId}?tab=audit`);
    const auditTab = tabs.getByRole("tab", { name: "Audit", selected: true });
    await auditTab.waitFor();
    const strip = tabs.locator("xpath=../..");
    await strip.locator('[data-scroll-more="before"]').waitFor();
    const inView = await auditTab.boundingBox();
    expect(inView!.x).toBeGreaterThanOrEqual(0);
    expect(inView!.x + inView!.width).toBeLessThanOrEqual(phoneViewport.width);
    await screenshot(page, "150-admin-partner-tabs-end-phone");
    await page.goto(`${appUrl}/admin/partners/${partnerId}`);
    await tabs.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    await strip.locator('[data-scroll-more="after"]').waitFor();
    await expect(strip.locator('[data-scroll-more="before"]').count()).resolves.toBe(0);
    await screenshot(page, "151-admin-partner-tabs-start-phone");
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(phoneViewport.width);
    await page.setViewportSize(desktopViewport);
    await page.goto(`${appUrl}/admin/partners/${partnerId}?tab=keys`);
    await tabs.getByRole("tab", { name: "API keys", selected: true }).waitFor();
    // Revoking a key asks first; Cancel keeps it.
    const revoke = page
      .getByRole("region", { name: "API keys" })
      .getByRole("button", { name: /^Revoke key / })
      .first();
    await revoke.click();
    const revokeAsk = page.getByRole("alertdialog", { name: /^Revoke key / });
    await revokeAsk.getByRole("button", { name: "Revoke key" }).waitFor();
    await screenshot(page, "92-admin-confirm-revoke-desktop");
    await revokeAsk.getByRole("button", { name: "Cancel" }).click();
    await revokeAsk.waitFor({ state: "detached" });
    await expect(db().apiKey.count({ where: { partnerId, status: "active" } })).resolves.toBe(1);
    await page.goto(`${appUrl}/admin/partners/${partnerId}`);
    await tabs.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    expect(tabOfUrl()).toBeNull();

    // The pause asks first. By keyboard: Enter opens it on the safe choice, Escape cancels, the focus comes back.
    const pause = page.getByRole("button", { name: "Pause partner" });
    // Enabled once React has hydrated (a trial click waits for that), then focused as Tab would.
    await pause.click({ trial: true });
    await pause.focus();
    await page.keyboard.press("Enter");
    const ask = page.getByRole("alertdialog", { name: "Pause Acme Tasks?" });
    await ask.waitFor();
    await expect(
      ask.getByRole("button", { name: "Cancel" }).evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);
    await expectAccessible(page, "the pause confirmation");
    await screenshot(page, "92-admin-confirm-pause-desktop");
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });
    await expect(pause.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect((await db().partner.findUniqueOrThrow({ where: { id: partnerId } })).status).toBe("active");
    // Confirmed, it pauses.
    await pause.click();
    await ask.getByRole("button", { name: "Pause partner" }).click();
    await toasts(page).getByText("Partner paused").waitFor();
    await page.getByRole("button", { name: "Resume partner" }).click();
    await toasts(page).getByText("Partner resumed").waitFor();
    await page.getByLabel("Largest roster per import").fill("500");
    await page.getByRole("button", { name: "Save cap" }).click();
    await toasts(page).getByText("Roster cap saved").waitFor();
    expect(await db().partner.findUniqueOrThrow({ where: { id: partnerId } })).toMatchObject({
      status: "active",
      rosterMax: 500,
    });
    // The media retention: a number of days, audited; the default is the placeholder.
    const retention = page.getByLabel("Keep videos and pictures for (days)");
    await expect(retention.getAttribute("placeholder")).resolves.toBe("400");
    await retention.fill("730");
    await page.getByRole("button", { name: "Save retention" }).click();
    await toasts(page).getByText("Media retention saved").waitFor();
    expect((await db().partner.findUniqueOrThrow({ where: { id: partnerId } })).recordingRetentionDays).toBe(730);

    await page.getByLabel("Email address").fill(engineerEmail);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await toasts(page).getByText(`Invitation sent to ${engineerEmail}.`).waitFor();
    await page.getByRole("listitem").filter({ hasText: engineerEmail }).getByText("Invited, not signed in yet").waitFor();
    await dismissToasts(page);
    await screenshot(page, "41-admin-partner-desktop", { fullPage: true });
    await accessibleAtBothSizes(page, "a partner's page", "93-admin-partner");
    // The audit tab reads in sentences; the detail opens under one.
    await tabs.getByRole("tab", { name: "Audit" }).click();
    const auditLog = page.getByRole("region", { name: "Audit log" });
    await auditLog.getByText(`${staffEmail} paused Acme Tasks`, { exact: true }).waitFor();
    await auditLog.getByText(`${staffEmail} resumed Acme Tasks`, { exact: true }).waitFor();
    await auditLog.getByText(new RegExp(`^${staffEmail.replace(/[.]/g, "\\.")} set Acme Tasks's roster cap to 500`)).waitFor();
    await auditLog
      .getByText(`${staffEmail} set Acme Tasks's media retention to 730 days (was the default)`, { exact: true })
      .waitFor();
    await auditLog.getByText(`${staffEmail} paused Acme Tasks`, { exact: true }).click();
    await auditLog.getByText("partner.pause", { exact: true }).waitFor();
    await screenshot(page, "42-admin-partner-tab-audit-open-desktop");
    await expectAccessible(page, "the partner's audit tab with an entry open");

    // A workspace of the partner: its detail, and a seat staff give there.
    const workspace = await db().workspace.create({ data: { partnerId, externalId: "acme-harbour", name: "Harbour Homes" } });
    await db().property.create({ data: { workspaceId: workspace.id, externalId: "villa-7", name: "Villa Seven" } });
    await page.goto(`${appUrl}/admin/partners/${partnerId}?tab=workspaces`);
    await page.getByRole("link", { name: "Harbour Homes" }).click();
    await page.getByRole("heading", { name: "Harbour Homes", level: 1 }).waitFor();
    await page.getByRole("cell", { name: /Villa Seven/ }).waitFor();
    const seats = page.getByRole("region", { name: "Seats" });
    const owner = `owner-${randomBytes(3).toString("hex")}@harbour-homes.com`;
    await seats.getByLabel("Email address").fill(owner);
    await seats.getByLabel("Role").selectOption("owner");
    await seats.getByRole("button", { name: "Save seat" }).click();
    await toasts(page).getByText(`${owner} is owner now.`).waitFor();
    await toasts(page).getByText("An invitation was mailed.").waitFor();
    const seat = seats.getByRole("listitem").filter({ hasText: owner });
    await seat.getByText("Owner", { exact: true }).waitFor();
    await seat.getByText("Not signed in yet").waitFor();
    // The company checklist editor: rows added, a name rule shown at its row, a row moved by keyboard, one removed.
    const housekeeping = page.getByRole("form", { name: "Housekeeping" });
    const names = () => housekeeping.getByRole("textbox", { name: /^Name of item/ });
    /** Add item puts the focus in the new row's name, where typing goes next. */
    const addItem = async () => {
      const before = await names().count();
      await housekeeping.getByRole("button", { name: "Add item" }).click();
      await until("the new row's name focused", async () =>
        (await names()
          .nth(before)
          .evaluate((input) => input === document.activeElement)
          .catch(() => false))
          ? true
          : undefined,
      );
    };
    await addItem();
    await page.keyboard.type("Kitchen wiped");
    await addItem();
    await page.keyboard.type("Beds made");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Fresh linen on every bed");
    await addItem();
    await page.keyboard.type("Hall \u2014 mop");
    await housekeeping.getByText(/^Name must not use a dash as punctuation/).waitFor();
    await expect(names().nth(2).getAttribute("aria-invalid")).resolves.toBe("true");
    await housekeeping.getByRole("button", { name: "Save housekeeping list" }).click();
    await housekeeping.getByRole("alert").getByText("Not saved: fix the items marked above.").waitFor();
    await screenshot(page, "48-admin-checklist-editor-error-desktop");
    await expectAccessible(page, "the checklist editor with a name-rule error");
    expect(await db().companyChecklist.count({ where: { workspaceId: workspace.id } })).toBe(0);
    await names().nth(2).fill("Hall: mop");
    await housekeeping.getByText(/^Name must not use/).waitFor({ state: "detached" });
    // Up twice by keyboard: Enter on the focused arrow, which keeps the focus as the row moves.
    await housekeeping.getByRole("button", { name: "Move Hall: mop up" }).focus();
    await page.keyboard.press("Enter");
    await until("Hall second", async () => ((await names().nth(1).inputValue()) === "Hall: mop" ? true : undefined));
    await page.keyboard.press("Enter");
    await until("Hall first", async () => ((await names().nth(0).inputValue()) === "Hall: mop" ? true : undefined));
    const order = () => names().evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    // Dragged by its handle with the mouse: Beds above Kitchen.
    const handle = (item: string) => housekeeping.getByRole("button", { name: `Drag ${item} to another place` });
    const from = (await handle("Beds made").boundingBox())!;
    const onto = (await handle("Kitchen wiped").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2 - 6, { steps: 12 });
    await page.mouse.up();
    await until("Beds second", async () =>
      (await order()).join("|") === "Hall: mop|Beds made|Kitchen wiped" ? true : undefined,
    );
    // And back by keyboard on the handle: Space picks it up, an arrow moves it, Space drops it.
    await handle("Beds made").focus();
    // Each step waits for dnd-kit's announcement: the next key means nothing until the last is taken.
    const said = (text: RegExp) => page.getByRole("status").filter({ hasText: text }).first().waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    // Picked up, then over its own place (the first announcement replaced at once by the second).
    await said(/Beds made is now at place 2 of 3/);
    await page.keyboard.press("ArrowDown");
    await said(/Beds made is now at place 3 of 3/);
    await page.keyboard.press("Space");
    await until("Beds last", async () => ((await order()).join("|") === "Hall: mop|Kitchen wiped|Beds made" ? true : undefined));
    await expectAccessible(page, "the checklist editor after a drag");
    await housekeeping.getByRole("button", { name: "Remove Beds made" }).click();
    await screenshot(page, "48-admin-checklist-editor-desktop");
    await housekeeping.getByRole("button", { name: "Save housekeeping list" }).click();
    await toasts(page).getByText("Saved the housekeeping list: 2 items.").waitFor();
    await page.reload();
    await housekeeping.getByText("2 items saved").waitFor();
    await expect(names().evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).resolves.toEqual([
      "Hall: mop",
      "Kitchen wiped",
    ]);
    await dismissToasts(page);
    await screenshot(page, "47-admin-workspace-desktop", { fullPage: true });
    await accessibleAtBothSizes(page, "a workspace's page", "94-admin-workspace");

    await page.getByRole("link", { name: "Jobs" }).click();
    await page.getByText("Import baseline photos and tours", { exact: true }).waitFor();
    await screenshot(page, "45-admin-jobs-desktop");
    await accessibleAtBothSizes(page, "the jobs page", "95-admin-jobs");

    // A dead-lettered job opens with its error and is retried alone.
    const [dead] = await db().$queryRaw<{ id: string; retry_limit: number }[]>`
      INSERT INTO pgboss.job (id, name, data, state, output, completed_on)
      VALUES (gen_random_uuid(), 'apply-roster-import-given-up', '{}'::jsonb, 'failed', '{"message":"roster import 42 could not be marked failed"}'::jsonb, now())
      RETURNING id::text AS id, retry_limit`;
    await page.reload();
    await page.getByRole("button", { name: /^Apply roster imports\s*: failed jobs$/ }).click();
    const failedList = page.getByRole("list", { name: "Failed jobs of “Apply roster imports”" });
    await failedList.getByText("roster import 42 could not be marked failed").waitFor();
    await failedList.getByText("Dead-lettered").waitFor();
    await screenshot(page, "46-admin-jobs-failed-desktop");
    await expectAccessible(page, "the jobs page with a queue's failed jobs open");
    await failedList.getByRole("button", { name: `Retry job ${dead!.id.slice(0, 8)}` }).click();
    await toasts(page).getByText("A dead-lettered job of “Apply roster imports” sent back").waitFor();
    // Sent back as pg-boss's own retry does it: one more attempt allowed (the worker may already have run it).
    const [after] = await db().$queryRaw<{ retry_limit: number }[]>`
      SELECT retry_limit FROM pgboss.job WHERE id::text = ${dead!.id}`;
    expect(after!.retry_limit).toBe(dead!.retry_limit + 1);

    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByText(`${staffEmail} invited ${engineerEmail}`).waitFor();
    for (const sentence of [
      "created the partner Acme Tasks",
      "paused Acme Tasks",
      "resumed Acme Tasks",
      "retried 1 failed job of “Apply roster imports”",
    ])
      await page.getByText(`${staffEmail} ${sentence}`).first().waitFor();
    await screenshot(page, "42-admin-audit-desktop");
    await accessibleAtBothSizes(page, "the audit log", "96-admin-audit");

    // Every staff page with what this test made on it, at both sizes: no serious axe violation, and
    // no stored value shown raw where a person reads words.
    const staffPages: [string, string, string][] = [
      ["partners", "/admin", "Partners"],
      ...["overview", "keys", "webhooks", "allowlist", "workspaces", "connectors", "audit"].map(
        (tab): [string, string, string] => [`partner-${tab}`, `/admin/partners/${partnerId}?tab=${tab}`, "Acme Tasks"],
      ),
      ["workspace", `/admin/partners/${partnerId}/workspaces/${workspace.id}`, "Harbour Homes"],
      ["jobs", "/admin/jobs", "Jobs"],
      ["audit", "/admin/audit", "Audit log"],
      ["inspections", "/admin/inspections", "Inspections"],
      ["review-queue", "/admin/review", "Review"],
    ];
    for (const [name, path, heading] of staffPages) {
      await page.goto(`${appUrl}${path}`);
      await page.getByRole("heading", { level: 1, name: heading }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await expectNoRawValues(page, `the staff page ${path}`);
      await accessibleAtBothSizes(page, `the staff page ${path}`, `97-staff-${name}`);
    }
    await context.close();
  }, 240_000);

  it("a partner's engineer rotates the key from /console on a tablet", async () => {
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, hasTouch: true });
    const page = await context.newPage();
    page.on("dialog", (dialog) => {
      throw new Error(`A native dialog opened: ${dialog.message()}`);
    });
    const invitation = await smtp.waitFor(engineerEmail);
    await page.goto(linkIn(invitation, `${appUrl}/api/auth/callback/email?`));
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/${partnerId}`);
    const section = (name: string) => page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true });

    await section("API keys").click();
    const keys = page.getByRole("region", { name: "API keys" });
    await keys
      .getByRole("button", { name: /^Revoke key / })
      .first()
      .waitFor();
    await expect(keys.getByRole("button", { name: /^Revoke key / }).count()).resolves.toBe(1);
    await keys.getByLabel("read:workspaces").check();
    await keys.getByLabel("Name of the new key").fill("Production");
    await keys.getByRole("button", { name: "Create key" }).click();
    const issued = keys.getByRole("status").filter({ hasText: "The new API key" });
    await issued.waitFor();
    await keys
      .getByRole("button", { name: /^Revoke key / })
      .nth(1)
      .waitFor();
    // Two keys are active: creating a third is not offered until one is revoked.
    await expect(keys.getByRole("button", { name: "Create key" }).isDisabled()).resolves.toBe(true);
    await accessibleAtBothSizes(page, "the partner console's keys", "97-console-keys", [issued.locator("code")]);
    // On a phone the sections are one row that scrolls sideways (a fade says more wait), and the page no wider than the phone.
    await page.setViewportSize(phoneViewport);
    const consoleNav = page.getByRole("navigation", { name: "Console" });
    await consoleNav.locator('[data-scroll-more="after"]').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(phoneViewport.width);
    await screenshot(page, "153-console-nav-phone", { mask: [issued.locator("code")] });
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(820);
    const oldest = await db().apiKey.findFirstOrThrow({ where: { partnerId }, orderBy: { createdAt: "asc" } });
    await keys.getByRole("button", { name: `Revoke key ${oldest.hint.replace(/…$/, "")}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
    await keys.getByRole("cell", { name: /^Revoked/ }).waitFor();
    await toasts(page).getByText(`Key ${oldest.hint} revoked`).waitFor();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: oldest.id } })).status).toBe("revoked");
    await dismissToasts(page);
    await screenshot(page, "43-console-tablet", { fullPage: true, mask: [issued.locator("code")] });

    // The allowlist and the console's users share the keys' page.
    const allowlist = page.getByRole("region", { name: "Return URL allowlist" });
    await allowlist.getByLabel("Scheme or origin").fill("HTTPS://App.Acme-Tasks.com:443/");
    await allowlist.getByRole("button", { name: "Add" }).click();
    await allowlist.getByText("https://app.acme-tasks.com").waitFor();
    await allowlist.getByLabel("Scheme or origin").fill("http://insecure.acme-tasks.com");
    await allowlist.getByRole("button", { name: "Add" }).click();
    await allowlist.getByRole("alert").waitFor();

    await section("Audit").click();
    await page
      .getByRole("region", { name: "Audit log" })
      .getByText(`${engineerEmail} revoked key …${oldest.id.slice(-4)}`)
      .waitFor();
    await expect(section("Audit").getAttribute("aria-current")).resolves.toBe("page");
    await accessibleAtBothSizes(page, "the partner console's audit", "98-console-activity");

    // Webhooks: set the receiver (its secret shown once), send a test event, see it in the log.
    await section("Webhooks").click();
    const hooks = page.getByRole("region", { name: "Webhooks" });
    await hooks.getByText("No deliveries yet").waitFor();
    await accessibleAtBothSizes(page, "the partner console's webhooks, before a receiver", "99-console-webhooks-empty");
    await hooks.getByLabel("Receiver URL").fill(receiver.url);
    await hooks.getByRole("button", { name: "Set receiver" }).click();
    const shown = hooks.getByRole("status").filter({ hasText: "The receiver's signing secret" });
    const secret = (await shown.locator("code").textContent())!;
    await hooks.getByRole("button", { name: "Send a test event" }).click();
    const testDelivery = hooks.getByRole("row").filter({ hasText: "webhook.test" }).filter({ hasText: "Delivered" });
    await testDelivery.waitFor({ timeout: 20_000 });
    const delivered = receiver.received.find((delivery) => delivery.body.includes('"webhook.test"'))!;
    // The secret the console showed is the one that signs.
    const signed = signAttempt({
      eventId: delivered.headers["webhook-id"] as string,
      body: delivered.body,
      keys: [hmacKey(secret)],
      timestamp: Number(delivered.headers["webhook-timestamp"]),
    });
    expect(delivered.headers["webhook-signature"]).toBe(signed["webhook-signature"]);
    await testDelivery.getByRole("button", { name: /^Open the webhook.test delivery/ }).click();
    const sheet = page.getByRole("dialog");
    await sheet.getByText("HTTP 204").waitFor();
    await sheet.getByRole("button", { name: "Retry this delivery" }).click();
    await sheet.getByText("Queued again as a new delivery with the same event id").waitFor();
    await page.keyboard.press("Escape");
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
    await screenshot(page, "60-console-receiver-unchanged-tablet", { mask: [page.getByRole("status").locator("code")] });
    await hooks.getByRole("button", { name: "Rotate secret (old one signs 7 more days)" }).click();
    await hooks
      .getByText(/The old secret signs too until/)
      .first()
      .waitFor();
    const rotated = page.getByRole("status").locator("code");
    await screenshot(page, "44-console-webhooks-tablet", { fullPage: true, mask: [rotated] });
    await accessibleAtBothSizes(page, "the partner console's webhooks", "130-console-webhooks", [rotated]);

    // The workspaces (the one staff looked at, no link to staff pages here) beside the inspections.
    // Thirty more, named to come after it: the list pages by keyset, Next and Previous.
    await db().workspace.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        partnerId,
        externalId: `paged-${index}`,
        name: `Zinc Row ${String(index + 1).padStart(2, "0")}`,
      })),
    });
    await section("Workspaces").click();
    const workspaces = page.getByRole("region", { name: "Workspaces" });
    await workspaces.getByRole("cell", { name: /Harbour Homes/ }).waitFor();
    expect(await workspaces.getByRole("link").count()).toBe(0);
    const workspacePages = workspaces.getByRole("navigation", { name: "Workspace pages" });
    await workspacePages.getByText(/^Showing 25 of 3\d, by name$/).waitFor();
    await accessibleAtBothSizes(page, "the partner console's inspections", "131-console-inspections");
    await workspacePages.getByRole("button", { name: "Next" }).click();
    await workspaces.getByRole("cell", { name: /Zinc Row 30/ }).waitFor();
    await expect(workspaces.getByRole("cell", { name: /Harbour Homes/ }).count()).resolves.toBe(0);
    await expect(workspacePages.getByRole("button", { name: "Next" }).isDisabled()).resolves.toBe(true);
    await screenshot(page, "152-console-workspaces-second-page-tablet");
    await workspacePages.getByRole("button", { name: "Previous" }).click();
    await workspaces.getByRole("cell", { name: /Harbour Homes/ }).waitFor();
    await expect(workspacePages.getByRole("button", { name: "Previous" }).isDisabled()).resolves.toBe(true);

    await section("Webhooks").click();
    await hooks.getByRole("button", { name: "Remove the receiver" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove receiver" }).click();
    await hooks.getByText("Receiver removed: nothing more is sent until one is set.").waitFor();
    await hooks.getByText("No receiver yet").waitFor();

    // Staff pages are not theirs.
    await page.goto(`${appUrl}/admin`);
    await page.getByRole("heading", { name: "No access" }).waitFor();
    await accessibleAtBothSizes(page, "the consoles' no-access page", "132-console-no-access");
    await context.close();
  });
});
