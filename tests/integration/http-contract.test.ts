import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectError } from "../support/api";
import { until } from "../support/until";
import { createTestPartner, type TestPartner } from "../fixtures/partners";

let partner: TestPartner;
beforeAll(async () => {
  partner = await createTestPartner();
});

describe("unknown paths and verbs", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"])("answers %s on an unknown /v1 path with 404 not_found", async (method) => {
    const answer = await call(method, "/v1/no/such/thing", { key: partner.apiKey, body: method === "GET" ? undefined : {} });
    expectError(answer, 404, "not_found");
    expect(answer.headers.get("x-request-id")).toBeTruthy();
  });

  it.each([
    ["DELETE", "/v1/workspaces/x", ["GET"]],
    ["GET", "/v1/workspaces", ["POST"]],
    ["PUT", "/v1/roster-imports", ["POST"]],
    ["POST", "/v1/properties", ["GET"]],
    ["PATCH", "/v1/roster-imports/x", ["GET"]],
  ])("answers %s %s with 405, its Allow header and detail.allowed_methods", async (method, path, allowed) => {
    const answer = await call(method, path, { key: partner.apiKey });
    expect(expectError(answer, 405, "method_not_allowed").detail).toEqual({ allowed_methods: allowed });
    expect(answer.headers.get("allow")).toBe(allowed.join(", "));
  });
});

describe("request ids", () => {
  it("sends X-Request-Id on every answer and keeps a sane one the caller sent", async () => {
    const ok = await call("POST", "/v1/workspaces", { key: partner.apiKey, body: { workspace_id: "rid", name: "R" } });
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await call("GET", "/v1/workspaces/rid", {
      key: partner.apiKey,
      headers: { "x-request-id": "partner-trace-0001" },
    });
    expect(kept.headers.get("x-request-id")).toBe("partner-trace-0001");
    const replaced = await call("GET", "/v1/workspaces/rid", {
      key: partner.apiKey,
      headers: { "x-request-id": "bad id with spaces" },
    });
    expect(replaced.headers.get("x-request-id")).not.toBe("bad id with spaces");
  });
});

describe("body caps", () => {
  it("refuses a streamed body with no Content-Length once it passes the cap, and the connection stays usable", async () => {
    const chunk = new TextEncoder().encode(`{"workspace_id":"stream","name":"${"x".repeat(8192)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Bounded: far past the 64 KiB cap, then the stream ends on its own.
        if (sent >= 40) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const answer = await call("POST", "/v1/workspaces", { key: partner.apiKey, rawBody: body });
    expect(expectError(answer, 413, "payload_too_large").detail).toEqual({ limit_bytes: 65536 });
    // The next request on the same keep-alive pool must not meet a reset connection.
    expect((await call("GET", "/v1/workspaces/after-413", { key: partner.apiKey })).status).toBe(404);
  });
});

describe("request logs", () => {
  it("log one JSON line per request with request id, partner, key id, route, status and duration, and never a key", async () => {
    await call("GET", "/v1/workspaces/log-check", { key: partner.apiKey, headers: { "x-request-id": "log-check-0001" } });
    // The line is written after the answer is sent: wait for it to appear.
    const line = await until("the request's log line", async () =>
      (await readFile(inject("appLogFile"), "utf8")).split("\n").find((entry) => entry.includes('"requestId":"log-check-0001"')),
    );
    const log = await readFile(inject("appLogFile"), "utf8");
    expect(JSON.parse(line)).toMatchObject({
      requestId: "log-check-0001",
      partnerId: partner.partnerId,
      keyId: partner.keyId,
      method: "GET",
      route: "/v1/workspaces/{workspace_id}",
      status: 404,
      durationMs: expect.any(Number),
      msg: "request",
    });
    // Structured lines only: the demo partner's key is deliberately printed once, as plain text, at first start.
    const structured = log.split("\n").filter((entry) => entry.startsWith("{"));
    expect(structured.length).toBeGreaterThan(0);
    for (const entry of structured) expect(entry).not.toMatch(/service_pk_[A-Za-z0-9_-]{20,}/);
  });
});
