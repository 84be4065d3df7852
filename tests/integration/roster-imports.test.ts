import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { address, item, items, provision, push, readRun, snapshot, waitForRun } from "../fixtures/roster";

let partner: TestPartner;
let key: string;
beforeAll(async () => {
  partner = await createTestPartner();
  key = partner.apiKey;
});

async function runsIn(workspaceId: string): Promise<number> {
  const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
  return db().rosterImport.count({ where: { workspaceId: workspace.id } });
}

describe("POST /v1/roster-imports: accepted", () => {
  it("answers 202 with the queued run and never echoes the snapshot", async () => {
    const workspaceId = await provision(key);
    const body = snapshot(
      [item("a"), item("b", { status: "inactive" }), item("c", { address: undefined, address_unavailable_reason: "New build" })],
      {
        observed_at: "2026-11-20T09:30:00+01:00",
      },
    );
    const answer = await push(key, workspaceId, body);
    expect(answer.status).toBe(202);
    const run = answer.body;
    expect(Object.keys(run).sort()).toEqual([
      "base_revision",
      "counts",
      "import_id",
      "observed_at",
      "source",
      "status",
      "status_url",
      "submitted_at",
      "workspace_id",
    ]);
    expect(run).toMatchObject({
      workspace_id: workspaceId,
      status: "queued",
      source: "push",
      observed_at: "2026-11-20T08:30:00.000Z",
      base_revision: 0,
      counts: { submitted: { total: 3, active: 2, inactive: 1, missing_address: 1 } },
    });
    const statusUrl = new URL(run.status_url as string);
    expect(statusUrl.pathname).toBe(`/v1/roster-imports/${run.import_id}`);
    expect(statusUrl.searchParams.get("workspace_id")).toBe(workspaceId);
    expect(answer.text).not.toContain("Home a");
  });
});

describe("POST /v1/roster-imports: synchronous refusals change nothing", () => {
  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = await provision(key, "refusals");
  });

  const cases: [string, unknown, number, string, Record<string, unknown>][] = [
    ["complete false", snapshot([item("a")], { complete: false }), 400, "invalid_request", { parameter: "complete" }],
    ["complete missing", { ...snapshot([item("a")]), complete: undefined }, 400, "missing_parameter", { parameter: "complete" }],
    [
      "observed_at not a date-time",
      snapshot([item("a")], { observed_at: "yesterday" }),
      400,
      "invalid_request",
      { parameter: "observed_at" },
    ],
    [
      "total_count against the array",
      snapshot([item("a")], { total_count: 2 }),
      400,
      "invalid_request",
      { parameter: "total_count" },
    ],
    ["unknown top-level field", snapshot([item("a")], { partner_id: "x" }), 400, "invalid_request", { parameter: "partner_id" }],
    ["properties not an array", snapshot([item("a")], { properties: {} }), 400, "invalid_request", { parameter: "properties" }],
    [
      "item missing name",
      snapshot([item("a"), item("b", { name: undefined })]),
      400,
      "missing_parameter",
      { parameter: "properties[1].name", index: 1 },
    ],
    [
      "item name too long",
      snapshot([item("a", { name: "n".repeat(201) })]),
      400,
      "invalid_request",
      { parameter: "properties[0].name", index: 0 },
    ],
    [
      "property_id too long",
      snapshot([item("x".repeat(201))]),
      400,
      "invalid_request",
      { parameter: "properties[0].property_id", index: 0 },
    ],
    [
      "unit_label too long",
      snapshot([item("a", { unit_label: "u".repeat(101) })]),
      400,
      "invalid_request",
      { parameter: "properties[0].unit_label", index: 0 },
    ],
    [
      "building_id too long",
      snapshot([item("a", { building_id: "b".repeat(201) })]),
      400,
      "invalid_request",
      { parameter: "properties[0].building_id", index: 0 },
    ],
    [
      "reason too long",
      snapshot([item("a", { address: undefined, address_unavailable_reason: "r".repeat(501) })]),
      400,
      "invalid_request",
      { parameter: "properties[0].address_unavailable_reason", index: 0 },
    ],
    [
      "bad status",
      snapshot([item("a", { status: "archived" })]),
      400,
      "invalid_request",
      { parameter: "properties[0].status", index: 0 },
    ],
    [
      "unknown item field",
      snapshot([item("a"), item("b", { colour: "red" })]),
      400,
      "invalid_request",
      { parameter: "properties[1].colour", index: 1 },
    ],
    [
      "unknown address field",
      snapshot([item("a", { address: { ...address(), zip: "1" } })]),
      400,
      "invalid_request",
      { parameter: "properties[0].address.zip", index: 0 },
    ],
    [
      "address sub-field missing",
      snapshot([item("a", { address: { ...address(), city: undefined } })]),
      400,
      "missing_parameter",
      { parameter: "properties[0].address.city", index: 0 },
    ],
    [
      "both address and reason",
      snapshot([item("a", { address_unavailable_reason: "why" })]),
      400,
      "invalid_request",
      { parameter: "properties[0].address_unavailable_reason", index: 0 },
    ],
    [
      "neither address nor reason",
      snapshot([item("a", { address: undefined })]),
      400,
      "missing_parameter",
      { parameter: "properties[0].address", index: 0 },
    ],
  ];

  it.each(cases)("refuses %s", async (_name, body, status, code, detail) => {
    const error = expectError(await push(key, workspaceId, body), status, code);
    expect(error.detail).toEqual(detail);
    expect(await runsIn(workspaceId)).toBe(0);
  });

  it("lists every repeated property_id and names the first repeat", async () => {
    const body = snapshot([item("a"), item("b"), item("a"), item("c"), item("b"), item("a")]);
    const error = expectError(await push(key, workspaceId, body), 400, "invalid_request");
    expect(error.detail).toEqual({ parameter: "properties[2].property_id", index: 2, duplicate_property_ids: ["a", "b"] });
    expect(await runsIn(workspaceId)).toBe(0);
  });

  it("treats ids that differ only in case or spaces as different properties", async () => {
    const answer = await push(key, workspaceId, snapshot([item("Flat 1"), item("flat 1"), item("Flat 1 ")]));
    expect(answer.status).toBe(202);
    await waitForRun(key, workspaceId, answer.body.import_id as string);
  });

  it("refuses a roster over the partner's cap, raised per partner by staff", async () => {
    const capped = await createTestPartner();
    await db().partner.update({ where: { id: capped.partnerId }, data: { rosterMax: 3 } });
    const cappedWorkspace = await provision(capped.apiKey, "capped");
    const error = expectError(await push(capped.apiKey, cappedWorkspace, snapshot(items(4))), 400, "invalid_request");
    expect(error.detail).toEqual({ parameter: "properties", limit: 3 });
    expect((await push(capped.apiKey, cappedWorkspace, snapshot(items(3)))).status).toBe(202);
  });

  it("requires Idempotency-Key and workspace_id", async () => {
    const noKey = expectError(await push(key, workspaceId, snapshot([item("a")]), null), 400, "missing_parameter");
    expect(noKey.detail).toEqual({ parameter: "Idempotency-Key" });
    const blankKey = expectError(await push(key, workspaceId, snapshot([item("a")]), "  "), 400, "missing_parameter");
    expect(blankKey.detail).toEqual({ parameter: "Idempotency-Key" });
    const noWorkspace = await call("POST", "/v1/roster-imports", {
      key,
      headers: { "idempotency-key": "k" },
      body: snapshot([item("a")]),
    });
    expect(expectError(noWorkspace, 400, "missing_parameter").detail).toEqual({ parameter: "workspace_id" });
  });

  it("answers 404 workspace_not_provisioned for an unknown workspace", async () => {
    expectError(await push(key, "no-such-workspace", snapshot([item("a")])), 404, "workspace_not_provisioned");
  });
});

describe("POST /v1/roster-imports: idempotency", () => {
  it("replays the same run for the same roster in any key or property order, at the status it reached", async () => {
    const workspaceId = await provision(key, "replay");
    const idempotencyKey = randomUUID();
    const body = snapshot([item("a"), item("b", { status: "active" })], { observed_at: "2026-11-21T08:00:00Z" });
    const first = await push(key, workspaceId, body, idempotencyKey);
    expect(first.status).toBe(202);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // Same roster, written differently: keys reordered, properties reordered, default status omitted.
    const reordered = {
      properties: [{ address: address(), name: "Home b", property_id: "b" }, item("a")],
      total_count: 2,
      observed_at: "2026-11-21T09:00:00+01:00",
      complete: true,
    };
    const replay = await push(key, workspaceId, reordered, idempotencyKey);
    expect(replay.status).toBe(202);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.import_id).toBe(first.body.import_id);

    const applied = await waitForRun(key, workspaceId, first.body.import_id as string);
    expect(applied.status).toBe("applied");
    const late = await push(key, workspaceId, body, idempotencyKey);
    expect(late.body).toEqual(applied);
    expect(await runsIn(workspaceId)).toBe(1);
  });

  it("answers a byte-identical retry from the stored run, without judging the body again", async () => {
    const retrier = await createTestPartner();
    const workspaceId = await provision(retrier.apiKey, "identical");
    const idempotencyKey = randomUUID();
    const rawBody = JSON.stringify(snapshot(items(3)));
    const send = () =>
      call("POST", "/v1/roster-imports", {
        key: retrier.apiKey,
        query: { workspace_id: workspaceId },
        headers: { "idempotency-key": idempotencyKey, "content-type": "application/json" },
        rawBody,
      });
    const first = await send();
    expect(first.status).toBe(202);
    // Staff lower the cap below this roster: judged afresh the body would now be refused with 400,
    // but the same key and the same roster return the same run (spec, Idempotency).
    await db().partner.update({ where: { id: retrier.partnerId }, data: { rosterMax: 1 } });
    const retry = await send();
    expect(retry.status).toBe(202);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.import_id).toBe(first.body.import_id);
    expect(await db().rosterImport.count({ where: { idempotencyKey } })).toBe(1);
  });

  it("answers 409 idempotency_conflict for the same key with a different roster, and changes nothing", async () => {
    const workspaceId = await provision(key, "conflict");
    const idempotencyKey = randomUUID();
    const first = await push(key, workspaceId, snapshot([item("a")]), idempotencyKey);
    const error = expectError(
      await push(key, workspaceId, snapshot([item("a"), item("b")]), idempotencyKey),
      409,
      "idempotency_conflict",
    );
    expect(error.detail).toEqual({ import_id: first.body.import_id });
    expect(await runsIn(workspaceId)).toBe(1);
  });

  it("scopes keys to the workspace", async () => {
    const one = await provision(key, "scope-one");
    const two = await provision(key, "scope-two");
    const idempotencyKey = randomUUID();
    const a = await push(key, one, snapshot([item("a")]), idempotencyKey);
    const b = await push(key, two, snapshot([item("b")]), idempotencyKey);
    expect(b.status).toBe(202);
    expect(b.body.import_id).not.toBe(a.body.import_id);
  });

  it("rate limits new imports with 429, but not replays", async () => {
    const limited = await createTestPartner();
    const workspaceId = await provision(limited.apiKey, "limited");
    const replayKey = randomUUID();
    const body = snapshot([item("a")]);
    expect((await push(limited.apiKey, workspaceId, body, replayKey)).status).toBe(202);
    let refused;
    // Fixed windows of RATE_LIMIT_ROSTER_IMPORT (30): calls that straddle a window's end split
    // between two, so 61 more calls (62 in all) overflow one of them wherever the boundary falls.
    for (let i = 0; i < 61 && !refused; i++) {
      const answer = await push(limited.apiKey, workspaceId, body);
      if (answer.status === 429) refused = answer;
    }
    expect(refused, "imports were never rate limited").toBeDefined();
    expect(Number(expectError(refused!, 429, "too_many_requests") && refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await push(limited.apiKey, workspaceId, body, replayKey)).status).toBe(202);
  });
});

describe("GET /v1/roster-imports/{import_id}", () => {
  it("answers 404 not_found for another workspace's run, identically to an unknown or malformed id", async () => {
    const mine = await provision(key, "run-owner");
    const other = await provision(key, "run-other");
    const run = await push(key, mine, snapshot([item("a")]));
    const foreign = await readRun(key, other, run.body.import_id as string);
    const unknown = await readRun(key, other, randomUUID());
    const malformed = await readRun(key, other, "not-a-uuid");
    expectError(foreign, 404, "not_found");
    expect(foreign.body).toEqual(unknown.body);
    expect(malformed.body).toEqual(unknown.body);
  });

  it("answers 404 for another partner's run, even with the right workspace id string", async () => {
    const stranger = await createTestPartner();
    const mine = await provision(key, "cross-partner");
    const run = await push(key, mine, snapshot([item("a")]));
    await call("POST", "/v1/workspaces", { key: stranger.apiKey, body: { workspace_id: mine, name: "Same id" } });
    expectError(await readRun(stranger.apiKey, mine, run.body.import_id as string), 404, "not_found");
  });
});
