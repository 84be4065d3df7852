import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { launchBrowser } from "../support/browser";
import { runAdminJson } from "../support/cli";
import { expectAccessible } from "../support/axe";
import { screenshot } from "../support/recorder-browser";
import { signInByMail } from "../support/sign-in";
import { until } from "../support/until";
import { useApp } from "../support/use-app";
import { createTestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";

/*
 * The sandbox from the partner console in Chromium, at the two sizes: "Sandbox key" in
 * the keys panel makes a sandbox key (listed as sandbox), the workspace that key provisions is
 * marked sandbox in the workspace list, and "Run a sandbox walkthrough" there starts one that the
 * real pipeline completes.
 */

const sizes = [
  ["desktop", { width: 1440, height: 900 }],
  ["tablet", { width: 820, height: 1180 }],
] as const;

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "sandbox_e2e" });
let browser: Browser;
let partnerId: string;
let cookie: string;
const engineer = `dev-${randomBytes(3).toString("hex")}@sandbox-partner.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ partnerId } = await createTestPartner("Sandbox Tasks"));
  await runAdminJson(["partner-user", "add", "--partner", partnerId, "--email", engineer], {
    DATABASE_URL: app.databaseUrl,
    DATA_DIR: app.dataDir,
    APP_SECRET: app.env.APP_SECRET!,
  });
  cookie = await signInByMail({ baseUrl: app.baseUrl, appUrl: app.env.APP_URL!, smtp: app.smtp }, engineer);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: sizes[0][1] });
  const [name, ...value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: app.env.APP_URL! }]);
  return context.newPage();
}

async function atBothSizes(page: Page, where: string, shot: string, mask: Locator[] = []) {
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${where} at ${size} size`);
    await screenshot(page, `${shot}-${size}`, { fullPage: true, mask });
  }
  await page.setViewportSize(sizes[0][1]);
}

describe("the sandbox in the partner console", () => {
  it("creates a sandbox key, marks its workspace, and runs a walkthrough to completion", async () => {
    const page = await signedInPage();
    await page.goto(`${app.env.APP_URL}/console/${partnerId}/keys`);
    const keys = page.getByRole("region", { name: "API keys" });
    await keys
      .getByRole("button", { name: /^Revoke key / })
      .first()
      .waitFor();
    await keys.getByLabel("Name of the new key").fill("Sandbox trials");
    await keys.getByLabel("Sandbox key").check();
    await keys.getByRole("button", { name: "Create sandbox key" }).click();
    const issued = keys.getByRole("status").filter({ hasText: "The new API key" });
    await issued.waitFor();
    const apiKey = (await issued.locator("code").textContent())!.trim();
    expect(apiKey).toMatch(/^service_pk_/);
    await keys.getByText("Sandbox", { exact: true }).waitFor();
    const stored = await db().apiKey.findMany({ where: { partnerId, status: "active" }, select: { sandbox: true } });
    expect(stored.map((key) => key.sandbox).sort()).toEqual([false, true]);
    await atBothSizes(page, "the keys with a sandbox key", "sandbox-console-keys", [issued.locator("code")]);

    const workspaceId = await readyWorkspace(apiKey, "try-out", [item("home-1")]);
    // The console's Sandbox section: its steps, the workspaces, and the form once a sandbox workspace exists.
    await page.goto(`${app.env.APP_URL}/console/${partnerId}/sandbox`);
    const form = page.getByRole("form", { name: "Run a sandbox walkthrough" });
    await form.waitFor();
    await page.getByRole("region", { name: "Workspaces" }).getByText("Sandbox", { exact: true }).waitFor();
    await form.getByLabel("Home id").fill("home-1");
    await form.getByLabel("Outcome").selectOption("clean");
    await form.getByRole("button", { name: "Run a sandbox walkthrough" }).click();
    await form.getByRole("status").filter({ hasText: "Started" }).waitFor();
    await atBothSizes(page, "the workspaces with a sandbox walkthrough started", "sandbox-console-walkthrough");

    const inspection = await until(
      "the console's sandbox walkthrough to complete",
      async () => {
        const found = await db().inspection.findFirst({
          where: { workspace: { partnerId, externalId: workspaceId } },
          include: { items: true },
        });
        return found?.status === "completed" ? found : undefined;
      },
      150_000,
      500,
    );
    expect(inspection.items.every((line) => line.state === "verified")).toBe(true);
    // The walkthrough is listed with the workspaces, marked as a sandbox one.
    await page.goto(`${app.env.APP_URL}/console/${partnerId}/workspaces`);
    const inspections = page.getByRole("region", { name: "Inspections" });
    await inspections.getByRole("link", { name: "Home home-1" }).waitFor();
    await inspections.getByText("Sandbox", { exact: true }).waitFor();
    await atBothSizes(page, "the inspections with a sandbox walkthrough", "sandbox-console-inspections");
  }, 300_000);
});
