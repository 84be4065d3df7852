import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { secretVariable, verifySnippets } from "../../lib/webhooks/verify-snippets";
import { expectAccessible } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { runAdminJson } from "../support/cli";
import { screenshot } from "../support/recorder-browser";
import { signInInBrowser } from "../support/sign-in";
import type { SmtpReceiver } from "../support/smtp-receiver";
import { until } from "../support/until";
import type { WebhookReceiver } from "../support/webhook-receiver";
import { useApp } from "../support/use-app";

/*
 * The partner console section by section in Chromium at 1440x900 and 820x1180: the shell's
 * navigation (each section its own URL), the overview, keys with names, webhooks with the
 * delivery table and its side panel (payload, headers as sent, each attempt's answer, a retry
 * that reaches a real receiver), the signature examples (the Node one run against a real
 * delivery), events, usage charts empty and with data, and the team. axe on every section.
 */

let smtp: SmtpReceiver;
let receiver: WebhookReceiver;
let browser: Browser;
let appUrl: string;
let partnerId: string;
let apiKey: string;
const engineerEmail = `dev-${randomBytes(3).toString("hex")}@acme-tasks.com`;
const colleagueEmail = `ops-${randomBytes(3).toString("hex")}@acme-tasks.com`;
const desktop = { width: 1440, height: 900 } as const;
const tablet = { width: 820, height: 1180 } as const;

const app = useApp({
  fakes: ["smtp", "webhooks"],
  appUrl: true,
  database: "partner_console_e2e",
  env: { USAGE_FLUSH_SECONDS: "1" },
});

beforeAll(async () => {
  ({ smtp, webhooks: receiver } = app);
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();
  const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: app.dataDir, APP_SECRET: app.env.APP_SECRET!, ...pick(app.env) };
  const created = await runAdminJson<{ partner_id: string; api_key: string }>(["partner", "create", "--name", "Acme Tasks"], env);
  partnerId = created.partner_id;
  apiKey = created.api_key;
  await runAdminJson(["partner-user", "add", "--partner", partnerId, "--email", engineerEmail], env);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

function pick(env: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => ["APP_URL", "SMTP_URL", "MAIL_FROM"].includes(name)),
  ) as Record<string, string>;
}

/** axe at both sizes of the issue, and a screenshot of each (`<shot>-desktop`, `<shot>-tablet`). */
async function checkBothSizes(page: Page, where: string, shot: string, mask: Locator[] = []) {
  for (const [size, viewport] of [
    ["desktop", desktop],
    ["tablet", tablet],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${where} at ${size} size`);
    await screenshot(page, `${shot}-${size}`, { fullPage: true, mask });
  }
  await page.setViewportSize(desktop);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });

async function open(page: Page, section: string, heading = section) {
  await nav(page).getByRole("link", { name: section, exact: true }).click();
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  await expect(nav(page).getByRole("link", { name: section, exact: true }).getAttribute("aria-current")).resolves.toBe("page");
}

const callApi = (method: string, route: string, body?: unknown) =>
  fetch(`${app.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Runs the Node example as a receiver of its own, on a free port, with the secret in its environment. */
async function startNodeSnippet(secret: string): Promise<{ url: string; stop: () => void; output: () => string }> {
  // Inside the project, so `standardwebhooks` resolves from its node_modules as from a partner's install.
  const dir = await mkdtemp(path.join(process.cwd(), ".tmp-snippet-"));
  const file = path.join(dir, "receiver.mjs");
  await writeFile(file, verifySnippets.find((snippet) => snippet.language === "node")!.code);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(process.execPath, [file], {
    env: { ...process.env, [secretVariable]: secret, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  await until(
    "the Node example to listen",
    async () =>
      (await fetch(url, { method: "POST", body: "{}" })
        .then((r) => r.status)
        .catch(() => undefined)) === 400 || undefined,
    15_000,
    100,
  );
  return {
    url,
    stop: () => {
      child.kill();
      void rm(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}

describe("the partner console", () => {
  let context: BrowserContext;
  let page: Page;

  it("signs the engineer in to the overview; sections are their own URLs and usage is empty before any call", async () => {
    context = await browser.newContext({ viewport: desktop });
    page = await context.newPage();
    page.on("dialog", (dialog) => {
      throw new Error(`A native dialog opened: ${dialog.message()}`);
    });
    await page.goto(`${appUrl}/console`);
    await signInInBrowser(page, { appUrl, smtp }, engineerEmail, 1);
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/${partnerId}`);
    await expect(nav(page).getByRole("link").allTextContents()).resolves.toEqual([
      "Overview",
      "API keys",
      "Webhooks",
      "Verifying signatures",
      "Events",
      "Workspaces",
      "Usage",
      "Team",
      "Audit",
      "Sandbox",
      "API documentation",
      "OpenAPI document",
      "llms.txt",
    ]);
    for (const [name, href] of [
      ["API documentation", "/docs"],
      ["OpenAPI document", "/v1/openapi.json"],
      ["llms.txt", "/llms.txt"],
    ] as const) {
      await expect(nav(page).getByRole("link", { name }).getAttribute("href")).resolves.toBe(href);
      expect((await fetch(`${appUrl}${href}`)).status).toBe(200);
    }
    await page.getByText("No receiver yet").waitFor();
    await checkBothSizes(page, "the overview before anything", "c01-console-overview-empty");

    await open(page, "Usage");
    await page.getByText("Nothing to chart yet").waitFor();
    await checkBothSizes(page, "usage, empty", "c02-console-usage-empty");

    // An old address still lands on its section.
    await page.goto(`${appUrl}/console/${partnerId}/activity`);
    await page.getByRole("heading", { name: "Usage", level: 1 }).waitFor();
  }, 180_000);

  it("names keys at creation and after, and rotates with a confirmation", async () => {
    await open(page, "API keys");
    const keys = page.getByRole("region", { name: "API keys" });
    await keys
      .getByRole("button", { name: /^Revoke key / })
      .first()
      .waitFor();
    await keys.getByText("Unnamed").waitFor();
    await keys.getByLabel("Name of the new key").fill("Production");
    await keys.getByRole("button", { name: "Create key" }).click();
    const issued = keys.getByRole("status").filter({ hasText: "The new API key" });
    await issued.waitFor();
    await keys.getByRole("table").getByText("Production").waitFor();
    const first = await db().apiKey.findFirstOrThrow({ where: { partnerId }, orderBy: { createdAt: "asc" } });
    const hint = first.hint.replace(/…$/, "");
    await keys.getByRole("button", { name: `Rename key ${hint}` }).click();
    const dialog = page.getByRole("dialog", { name: `Name key ${first.hint}` });
    // Spaces pass the browser's `required`; the server trims them and refuses, naming the field.
    await dialog.getByLabel("Name", { exact: true }).fill("   ");
    await dialog.getByRole("button", { name: "Save name" }).click();
    await dialog.getByText(/give the key a name/i).waitFor();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: first.id } })).name).toBe("");
    await dialog.getByLabel("Name", { exact: true }).fill("Old server");
    await dialog.getByRole("button", { name: "Save name" }).click();
    await keys.getByRole("table").getByText("Old server").waitFor();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: first.id } })).name).toBe("Old server");
    await checkBothSizes(page, "the keys", "c03-console-keys", [issued.locator("code")]);
    // The server refuses a blank name too, naming the field.
    const refused = await page.evaluate(
      async ([url]) => {
        const response = await fetch(url!, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: '{"name":" "}',
        });
        return { status: response.status, body: await response.text() };
      },
      [`/api/console/partners/${partnerId}/keys/${first.id}`],
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("give the key a name");
    // Rotation's last step: revoking the old key asks first.
    await keys.getByRole("button", { name: `Revoke key ${hint}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("active");
  }, 120_000);

  it("shows deliveries in a table; a delivery's side panel has payload, headers and each attempt; a retry reaches the receiver", async () => {
    await open(page, "Webhooks");
    const hooks = page.getByRole("region", { name: "Webhooks" });
    await hooks.getByText("No deliveries yet").waitFor();
    await hooks.getByLabel("Receiver URL").fill(receiver.url);
    await hooks.getByRole("button", { name: "Set receiver" }).click();
    const shown = hooks.getByRole("status").filter({ hasText: "The receiver's signing secret" });
    const secret = (await shown.locator("code").textContent())!;
    // The first attempt fails with a long error page; the retry answers 204.
    const errorPage = `<html><body>${"Upstream unavailable. ".repeat(200)}</body></html>`;
    receiver.replyNext({ status: 503, body: errorPage, matches: (body) => body.includes('"webhook.test"') });
    await hooks.getByRole("button", { name: "Send a test event" }).click();
    const table = hooks.getByRole("table", { name: "Deliveries" });
    await table
      .getByRole("cell", { name: "Sending" })
      .or(table.getByRole("cell", { name: "Failed" }))
      .first()
      .waitFor({ timeout: 30_000 });
    await until(
      "the first attempt to be logged",
      async () => ((await db().webhookAttempt.count()) > 0 ? true : undefined),
      30_000,
      200,
    );
    await page
      .getByRole("button", { name: /^Open the webhook.test delivery/ })
      .first()
      .click();
    const sheet = page.getByRole("dialog");
    await sheet.getByRole("heading", { name: "Payload" }).waitFor();
    const payload = (await sheet.locator("pre").first().textContent())!;
    expect(JSON.parse(payload)).toMatchObject({ event_type: "webhook.test" });
    await sheet.getByText("Attempt 1").waitFor();
    await sheet.getByText("HTTP 503").waitFor();
    const sent = receiver.received.find((delivery) => delivery.body.includes('"webhook.test"'))!;
    await sheet.getByText(sent.headers["webhook-signature"] as string).waitFor();
    await sheet
      .getByText(sent.headers["webhook-id"] as string)
      .first()
      .waitFor();
    // The first 2 KiB of the answer are kept, not 200 characters.
    const excerpt = (await db().webhookAttempt.findFirstOrThrow({ where: { number: 1 } })).responseExcerpt!;
    expect(Buffer.byteLength(excerpt)).toBe(2048);
    expect(errorPage.startsWith(excerpt)).toBe(true);
    await checkBothSizes(page, "a delivery's side panel", "c04-console-delivery-panel");

    const before = receiver.of(sent.headers["webhook-id"] as string).length;
    await sheet.getByRole("button", { name: "Retry this delivery" }).click();
    await sheet.getByText("Queued again as a new delivery").waitFor();
    await until(
      "the retry to reach the receiver",
      async () => (receiver.of(sent.headers["webhook-id"] as string).length > before ? true : undefined),
      30_000,
      100,
    );
    await page.keyboard.press("Escape");
    await table.getByRole("cell", { name: "Delivered" }).first().waitFor({ timeout: 30_000 });

    // Filters: by outcome and by event type; a type with none shows the empty state.
    await hooks.getByLabel("Outcome").selectOption("delivered");
    await table.getByRole("cell", { name: "Delivered" }).first().waitFor();
    await hooks.getByLabel("Event type").selectOption("inspection.completed");
    await hooks.getByText("No deliveries match").waitFor();
    await hooks.getByLabel("Event type").selectOption("");
    await hooks.getByLabel("Outcome").selectOption("");
    await checkBothSizes(page, "the webhooks", "c05-console-webhooks", [page.getByRole("status").locator("code")]);

    // The Node example verifies a real delivery, as the receiver got it, and refuses one changed.
    const delivered = receiver.of(sent.headers["webhook-id"] as string).at(-1)!;
    const snippet = await startNodeSnippet(secret);
    try {
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature", "content-type"].map((name) => [
          name,
          String(delivered.headers[name]),
        ]),
      );
      const good = await fetch(snippet.url, { method: "POST", headers, body: delivered.body });
      expect(good.status, snippet.output()).toBe(204);
      // The snippet logs after it answers; its output reaches the test through a pipe, a moment later.
      await until(
        "the snippet's log line",
        async () => (snippet.output().includes("verified webhook.test") ? true : undefined),
        10_000,
        50,
      );
      const forged = await fetch(snippet.url, {
        method: "POST",
        headers,
        body: delivered.body.replace("webhook.test", "webhook.tesT"),
      });
      expect(forged.status).toBe(400);
    } finally {
      snippet.stop();
    }
  }, 240_000);

  it("shows the signature examples without the secret", async () => {
    await open(page, "Verifying signatures");
    const code = page.getByRole("tabpanel");
    await code.getByText("standardwebhooks").first().waitFor();
    for (const language of ["Python", "Go", "PHP", "Ruby", "Node"]) {
      await page.getByRole("tab", { name: language }).click();
      await code.getByRole("button", { name: `Copy the ${language} example` }).waitFor();
      await expect(code.textContent()).resolves.toContain(secretVariable);
      await expect(code.textContent()).resolves.not.toContain("whsec_");
    }
    await checkBothSizes(page, "the signature examples", "c06-console-signatures");
  }, 120_000);

  it("lists events filtered by type, each linking to its deliveries", async () => {
    await open(page, "Events");
    const events = page.getByRole("region", { name: "Events" });
    await events.getByRole("cell", { name: /Test event/ }).waitFor();
    await events.getByLabel("Event type").selectOption("inspection.completed");
    await events.getByText("No events match").waitFor();
    await events.getByLabel("Event type").selectOption("webhook.test");
    await events.getByRole("link", { name: /2 deliveries/ }).waitFor();
    await checkBothSizes(page, "the events", "c07-console-events");
    await events.getByRole("link", { name: /2 deliveries/ }).click();
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByText("Deliveries of event").waitFor();
    await expect
      .poll(() => page.getByRole("table", { name: "Deliveries" }).getByRole("row").count(), { timeout: 15_000 })
      .toBe(3);
  }, 120_000);

  it("charts usage with axes once the API was called", async () => {
    expect((await callApi("POST", "/v1/workspaces", { workspace_id: "harbour", name: "Harbour Homes" })).status).toBe(201);
    expect((await callApi("GET", "/v1/workspaces/harbour")).status).toBe(200);
    expect((await callApi("GET", "/v1/workspaces/nowhere")).status).toBe(404);
    expect((await callApi("POST", "/v1/workspaces", { workspace_id: "x", name: "X", partner: "y" })).status).toBe(400);
    await until(
      "the usage to be flushed",
      async () => ((await db().apiLatencyDay.count({ where: { partnerId } })) > 0 ? true : undefined),
      20_000,
      200,
    );
    await open(page, "Usage");
    for (const chart of ["Requests per day", "Errors by code", "Latency per day", "Webhook success rate"]) {
      const card = page.getByRole("region", { name: chart });
      await card.locator(".recharts-surface").first().waitFor();
      await card.locator(".recharts-xAxis").first().waitFor();
      await card.locator(".recharts-yAxis").first().waitFor();
    }
    const requests = page.getByRole("region", { name: "Requests per day" });
    await expect(requests.locator(".recharts-bar-rectangle").count()).resolves.toBeGreaterThan(0);
    await requests.locator(".recharts-bar-rectangle").last().hover();
    await requests.locator(".recharts-tooltip-wrapper").getByText("2xx").waitFor();
    await page.getByRole("region", { name: "Errors by code" }).getByText("workspace_not_provisioned").first().waitFor();
    await checkBothSizes(page, "usage with data", "c08-console-usage");
  }, 120_000);

  it("lists workspaces and explains the sandbox; the overview adds up", async () => {
    await open(page, "Workspaces");
    await page
      .getByRole("region", { name: "Workspaces" })
      .getByRole("cell", { name: /Harbour Homes/ })
      .waitFor();
    await checkBothSizes(page, "the workspaces", "c09-console-workspaces");
    // Found by part of the name; a name nobody has says so, and clearing the box lists them all.
    const workspaces = page.getByRole("region", { name: "Workspaces" });
    const find = workspaces.getByLabel("Find a workspace");
    await find.fill("harbour");
    await workspaces.getByRole("cell", { name: /Harbour Homes/ }).waitFor();
    await find.fill("no such workspace");
    await workspaces.getByText("No workspace has this name or ID").waitFor();
    await checkBothSizes(page, "the workspaces, found none", "c09-console-workspaces-none");
    await find.fill("");
    await workspaces.getByRole("cell", { name: /Harbour Homes/ }).waitFor();
    await open(page, "Sandbox");
    await page.getByRole("heading", { name: "What the sandbox is for" }).waitFor();
    await page
      .getByRole("region", { name: "Workspaces" })
      .getByRole("cell", { name: /Harbour Homes/ })
      .waitFor();
    await checkBothSizes(page, "the sandbox", "c10-console-sandbox");
    await open(page, "Overview");
    await page
      .getByText("100% delivered, last 24 hours (1 of 1)")
      .or(page.getByText(/delivered, last 24 hours/))
      .first()
      .waitFor();
    await page.getByText("Old server").waitFor();
    await page.getByText("in service of 1 provisioned").waitFor();
    await checkBothSizes(page, "the overview", "c11-console-overview");
  }, 120_000);

  it("invites a colleague and removes them; the audit says so", async () => {
    await open(page, "Team");
    const team = page.getByRole("region", { name: "Console users" });
    await team.getByLabel("Email address").fill(colleagueEmail);
    await team.getByRole("button", { name: "Send invitation" }).click();
    await team.getByText(colleagueEmail).waitFor();
    await smtp.waitFor(colleagueEmail);
    await checkBothSizes(page, "the team", "c12-console-team");
    // Oneself cannot be removed.
    await team.getByRole("button", { name: `Remove ${engineerEmail}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await team.getByText("You cannot remove yourself").waitFor();
    await team.getByRole("button", { name: `Remove ${colleagueEmail}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await until(
      "the colleague to be removed",
      async () => ((await db().partnerUser.count({ where: { partnerId } })) === 1 ? true : undefined),
      10_000,
      100,
    );
    await expect.poll(() => team.getByText(colleagueEmail).count(), { timeout: 15_000 }).toBe(0);

    await open(page, "Audit");
    const audit = page.getByRole("region", { name: "Audit log" });
    await audit.getByText(`${engineerEmail} removed ${colleagueEmail} from the console`).waitFor();
    await audit.getByText(/named key …\w+ “Old server”/).waitFor();
    await checkBothSizes(page, "the audit", "c13-console-audit");
    await context.close();
  }, 120_000);
});
