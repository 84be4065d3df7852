import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError, segment } from "../support/api";
import { createTestPartner, type TestPartner, uniqueWorkspaceId } from "../fixtures/partners";

let partner: TestPartner;
beforeAll(async () => {
  partner = await createTestPartner();
});

const create = (body: unknown, key = partner.apiKey) => call("POST", "/v1/workspaces", { key, body });
const read = (workspaceId: string, key = partner.apiKey) => call("GET", `/v1/workspaces/${segment(workspaceId)}`, { key });

describe("POST /v1/workspaces", () => {
  it("creates with 201, then returns the same account with 200 and the name held", async () => {
    const id = uniqueWorkspaceId();
    const first = await create({ workspace_id: id, name: "Acme Rentals" });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(["company_id", "name", "provisioned_at", "status", "workspace_id"]);
    expect(first.body).toMatchObject({ workspace_id: id, name: "Acme Rentals", status: "provisioned" });
    expect(first.headers.get("x-request-id")).toBeTruthy();

    const again = await create({ workspace_id: id, name: "Another name" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("trims surrounding whitespace from workspace_id and matches the trimmed id afterwards", async () => {
    const id = uniqueWorkspaceId("trim");
    const first = await create({ workspace_id: `  ${id}\t`, name: "Trim" });
    expect(first.status).toBe(201);
    expect(first.body.workspace_id).toBe(id);
    expect((await create({ workspace_id: id, name: "Trim" })).status).toBe(200);
  });

  it("matches ids byte for byte: case and inner spaces make different workspaces", async () => {
    const id = uniqueWorkspaceId("Case");
    const upper = await create({ workspace_id: id, name: "A" });
    const lower = await create({ workspace_id: id.toLowerCase(), name: "B" });
    expect(upper.status).toBe(201);
    expect(lower.status).toBe(201);
    expect(lower.body.company_id).not.toBe(upper.body.company_id);
  });

  it("resolves 20 concurrent creates of one id to one account with exactly one 201", async () => {
    const id = uniqueWorkspaceId("race");
    const answers = await Promise.all(Array.from({ length: 20 }, () => create({ workspace_id: id, name: "Race" })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body.company_id)).size).toBe(1);
    expect(await db().workspace.count({ where: { partnerId: partner.partnerId, externalId: id } })).toBe(1);
  });

  it("scopes ids per partner: the same id from another partner is another account", async () => {
    const other = await createTestPartner();
    const id = uniqueWorkspaceId("shared");
    const mine = await create({ workspace_id: id, name: "Mine" });
    const theirs = await create({ workspace_id: id, name: "Theirs" }, other.apiKey);
    expect(theirs.status).toBe(201);
    expect(theirs.body.company_id).not.toBe(mine.body.company_id);
  });

  it.each(["partner", "partner_id", "company_id"])("refuses %s in the body with 400 invalid_request", async (field) => {
    const id = uniqueWorkspaceId("refuse");
    const error = expectError(await create({ workspace_id: id, name: "X", [field]: "x" }), 400, "invalid_request");
    expect(error.detail).toEqual({ parameter: field });
    expectError(await read(id), 404, "workspace_not_provisioned");
  });

  it("names a missing or blank field with 400 missing_parameter", async () => {
    expect(expectError(await create({ name: "X" }), 400, "missing_parameter").detail).toEqual({
      parameter: "workspace_id",
    });
    expect(expectError(await create({ workspace_id: "   ", name: "X" }), 400, "missing_parameter").detail).toEqual({
      parameter: "workspace_id",
    });
    expect(expectError(await create({ workspace_id: "ok" }), 400, "missing_parameter").detail).toEqual({
      parameter: "name",
    });
    expect(expectError(await create({ workspace_id: "ok", name: "" }), 400, "missing_parameter").detail).toEqual({
      parameter: "name",
    });
  });

  it("refuses wrong types, unknown fields, overlong values, bad JSON and non-objects with 400 invalid_request", async () => {
    const cases: [unknown, string][] = [
      [{ workspace_id: 42, name: "X" }, "workspace_id"],
      [{ workspace_id: "ok", name: ["X"] }, "name"],
      [{ workspace_id: "ok", name: "X", colour: "red" }, "colour"],
      [{ workspace_id: "x".repeat(201), name: "X" }, "workspace_id"],
      [{ workspace_id: "ok", name: "é".repeat(201) }, "name"],
    ];
    for (const [body, parameter] of cases) {
      expect(expectError(await create(body), 400, "invalid_request").detail).toEqual({ parameter });
    }
    const badJson = await call("POST", "/v1/workspaces", { key: partner.apiKey, rawBody: "{not json" });
    expect(expectError(badJson, 400, "invalid_request").detail).toEqual({ parameter: "body" });
    const array = await call("POST", "/v1/workspaces", { key: partner.apiKey, rawBody: "[]" });
    expect(expectError(array, 400, "invalid_request").detail).toEqual({ parameter: "body" });
  });

  it("counts characters as code points: 200 emoji fit in a 200-character id", async () => {
    const id = "🏠".repeat(199) + String.fromCodePoint(0x1f511);
    expect((await create({ workspace_id: id, name: "Emoji" })).status).toBe(201);
  });

  it("refuses a body over the cap with 413 payload_too_large before reading it", async () => {
    const big = JSON.stringify({ workspace_id: "big", name: "x".repeat(70_000) });
    const answer = await call("POST", "/v1/workspaces", { key: partner.apiKey, rawBody: big });
    expect(expectError(answer, 413, "payload_too_large").detail).toEqual({ limit_bytes: 65536 });
  });

  it("rate limits creation with 429 and Retry-After, but never repeat calls", async () => {
    const limited = await createTestPartner();
    const existing = uniqueWorkspaceId("existing");
    expect((await create({ workspace_id: existing, name: "E" }, limited.apiKey)).status).toBe(201);
    let refused;
    // Fixed windows: calls that straddle a window's end split between two, so go on until one overflows.
    for (let i = 0; i < 130 && !refused; i++) {
      const answer = await create({ workspace_id: uniqueWorkspaceId(`n${i}`), name: "N" }, limited.apiKey);
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(201);
    }
    expect(refused, "creation was never rate limited").toBeDefined();
    expectError(refused!, 429, "too_many_requests");
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await create({ workspace_id: existing, name: "E" }, limited.apiKey)).status).toBe(200);
  });
});

describe("GET /v1/workspaces/{workspace_id}", () => {
  it("returns the full record with every block at its initial value", async () => {
    const id = uniqueWorkspaceId("full");
    const created = await create({ workspace_id: id, name: "Full" });
    const answer = await read(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...created.body,
      roster: {
        revision: 0,
        state: "unconfirmed",
        present_count: 0,
        inactive_count: 0,
        unconfirmed_count: 0,
        missing_address_count: 0,
        billing_active_count: 0,
      },
      sync: { mode: "push", health: "not_configured" },
      service: { state: "pending_setup", recording_enabled: false },
      claim: { state: "unclaimed" },
    });
  });

  it("decodes the path segment exactly once: acme/east wing?#% sent encoded", async () => {
    const id = "acme/east wing?#%";
    await create({ workspace_id: id, name: "Acme" });
    const answer = await read(id);
    expect(answer.status).toBe(200);
    expect(answer.body.workspace_id).toBe(id);
    // Decoding twice would turn %2525 into "%"; once gives "%25", which is another id.
    expectError(
      await call("GET", `/v1/workspaces/${segment("acme/east wing?#%25")}`, { key: partner.apiKey }),
      404,
      "workspace_not_provisioned",
    );
  });

  it("answers 404 workspace_not_provisioned for an unknown id and, identically, for another partner's", async () => {
    const other = await createTestPartner();
    const id = uniqueWorkspaceId("private");
    await create({ workspace_id: id, name: "Private" });
    const unknown = await read(uniqueWorkspaceId("unknown"));
    const foreign = await read(id, other.apiKey);
    expectError(unknown, 404, "workspace_not_provisioned");
    expect(foreign.body).toEqual(unknown.body);
  });
});
