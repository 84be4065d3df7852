import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateApiKey } from "../../lib/partners/api-key-secret";
import { newRecordingToken } from "../../lib/recording/recording-token";
import { call, expectError } from "../support/api";
import { type AppProcess, demoApiKey, startAppProcess } from "../support/app-process";
import { useAppUnderTest } from "../support/app-under-test";
import { testAppEnv } from "../support/global-setup";
import { createDatabase } from "../support/databases";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder } from "../fixtures/recorder";

/*
 * What every request meets before any router (lib/server/front-door.ts), on an app of its own:
 * the unauthenticated limit counts every request from this test's address.
 */

const unauthenticatedLimit = 6;
let app: AppProcess;

beforeAll(async () => {
  const databaseUrl = await createDatabase(inject("pgAdminUrl"), "frontdoor");
  app = await startAppProcess({
    databaseUrl,
    env: { ...testAppEnv, RATE_LIMIT_UNAUTHENTICATED: String(unauthenticatedLimit), RATE_LIMIT_WINDOW_SECONDS: "3600" },
  });
  useAppUnderTest({ baseUrl: app.baseUrl, dataDir: app.dataDir });
});
afterAll(async () => {
  await app?.stop();
});

const url = (path: string) => `${app.baseUrl}${path}`;

async function rawHead(path: string, key: string): Promise<Response> {
  return fetch(url(path), { method: "HEAD", headers: { authorization: `Bearer ${key}` } });
}

describe("security headers", () => {
  const expected = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": "frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
  };

  it.each([
    ["an API answer served by the dispatcher", "/v1/workspaces/x"],
    ["the OpenAPI document", "/v1/openapi.json"],
    ["a media link", "/media/a/b?expires=1&signature=x"],
    ["a page rendered by Next", "/docs"],
    ["Next's 404 page", "/no-such-page"],
    ["a path Next redirects", "/v1/workspaces/x/"],
  ])("are on %s", async (_what, path) => {
    // With a valid key: these must not count against the unauthenticated limit tested below.
    const answer = await fetch(url(path), { redirect: "manual", headers: { authorization: `Bearer ${await demoApiKey(app)}` } });
    for (const [name, value] of Object.entries(expected)) expect(answer.headers.get(name), `${name} on ${path}`).toBe(value);
    await answer.body?.cancel();
  });
});

describe("unknown and malformed credentials", () => {
  it("are limited per client address on both routers together, and never hold back a valid key or recording link from that address", async () => {
    const key = await demoApiKey(app);
    // Issued before the address is over its limit; used after (a shared address: carrier NAT, cleaners' phones).
    const workspaceId = await readyWorkspace(key, "frontdoor");
    const link = recorder((await issueLink(key, { workspace_id: workspaceId, task_id: "t-nat", property_id: "home-1" })).recording_url);
    // Half through the /v1 dispatcher (GET), half through Next's route handler (HEAD): one count for both.
    for (let i = 0; i < unauthenticatedLimit / 2; i++) {
      expectError(await call("GET", url("/v1/workspaces/x"), { key: generateApiKey() }), 401, "invalid_key");
      expect((await rawHead("/v1/workspaces/x", "service_pk_malformed")).status).toBe(401);
    }
    // A forwarded-for header from the caller is not trusted (TRUSTED_PROXY_HOPS=0): no fresh budget.
    const refused = await call("GET", url("/v1/workspaces/x"), {
      key: generateApiKey(),
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expectError(refused, 429, "too_many_requests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await rawHead("/v1/workspaces/x", generateApiKey())).status).toBe(429);
    expectError(await call("GET", `/r/${newRecordingToken()}/api/session`), 429, "too_many_requests");

    // The credential is looked up first: a known one is served whatever the address sent before.
    expectError(await call("GET", url("/v1/workspaces/x"), { key }), 404, "workspace_not_provisioned");
    expect((await call("GET", `/v1/workspaces/${encodeURIComponent(workspaceId)}`, { key })).status).toBe(200);
    const session = await link.session();
    expect(session.status, session.text).toBe(200);
    // ...and served again: a valid credential neither counts nor resets the address's count.
    expect((await link.session()).status).toBe(200);
    expectError(await call("GET", url("/v1/workspaces/x"), { key: generateApiKey() }), 429, "too_many_requests");
  });
});
