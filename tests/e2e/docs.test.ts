import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectError } from "../support/api";
import { launchBrowser } from "../support/browser";

const baseUrl = () => inject("baseUrl");

describe("GET /v1/openapi.json", () => {
  it("answers the OpenAPI 3.1 document without a key, naming this server", async () => {
    const response = await fetch(new URL("/v1/openapi.json", baseUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; servers: { url: string }[]; paths: object };
    expect(document.openapi.startsWith("3.1")).toBe(true);
    expect(document.servers[0]?.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(Object.keys(document.paths)).toContain("/v1/workspaces");
  });

  it("answers other methods with 405 method_not_allowed in the envelope", async () => {
    const answer = await call("POST", "/v1/openapi.json", { body: {} });
    const error = expectError(answer, 405, "method_not_allowed");
    expect(error.detail).toEqual({ allowed_methods: ["GET"] });
    expect(answer.headers.get("allow")).toBe("GET");
    expect(answer.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("/docs assets", () => {
  it("serves allowlisted Swagger UI files with their types and a long cache", async () => {
    const css = await fetch(new URL("/docs/assets/swagger-ui.css", baseUrl()));
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("cache-control")).toContain("max-age=31536000");
    expect((await css.text()).length).toBeGreaterThan(10_000);
    const js = await fetch(new URL("/docs/assets/swagger-ui-bundle.js", baseUrl()));
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    await js.body?.cancel();
  });

  it.each(["package.json", "index.html", "swagger-ui.js.map", "..%2Fpackage.json", "%2E%2E%2F%2E%2E%2Fpackage.json"])(
    "answers 404 for %s, which is not on the allowlist",
    async (file) => {
      expect((await fetch(new URL(`/docs/assets/${file}`, baseUrl()))).status).toBe(404);
    },
  );
});

describe("/docs in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders the reference from this app alone: no request leaves the machine", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
    const requested: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });

    const response = await page.goto(`${baseUrl()}/docs`);
    expect(response?.status()).toBe(200);
    await page.getByText("Provision a workspace (create or return)").waitFor({ state: "visible", timeout: 30_000 });
    expect(await page.locator(".info .title").innerText()).toContain("Walkthrough Partner API");

    const offHost = requested.filter((url) => !url.startsWith(`${baseUrl()}/`));
    expect(offHost, "requests that left the machine").toEqual([]);
    expect(requested).toContain(`${baseUrl()}/v1/openapi.json`);
    expect(requested.some((url) => url.startsWith(`${baseUrl()}/docs/assets/swagger-ui-bundle.js`))).toBe(true);
    expect(problems).toEqual([]);

    // An operation opens to its error responses, each status listing its codes.
    await page.getByText("Provision a workspace (create or return)").click();
    const operation = page.locator("#operations-Provisioning-createWorkspace");
    await operation.getByText("payload_too_large").first().waitFor({ state: "visible" });
    expect(await operation.locator(".response[data-code]").evaluateAll((rows) => rows.map((row) => row.dataset.code))).toEqual(
      expect.arrayContaining(["201", "400", "401", "413", "429"]),
    );

    const folder = await mkdtemp(path.join(tmpdir(), "walkthrough-docs-"));
    const screenshot = path.join(folder, "docs.png");
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`/docs screenshot: ${screenshot}`);
    expect(requested.filter((url) => !url.startsWith(`${baseUrl()}/`))).toEqual([]);
    await page.close();
  });
});
