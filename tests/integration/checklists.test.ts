import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError, segment } from "../support/api";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { item, provision, pushAndWait, snapshot } from "../fixtures/roster";

type Body = Record<string, unknown>;
type Checklist = { workspace_id: string; property_id: string; type: string; items: Body[]; updated_at?: string };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoMillis = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const oddId = "flat/1 ?#%25 é";

const checklistPath = (propertyId: string) => `/v1/properties/${segment(propertyId)}/checklist`;

function send(
  method: string,
  key: string,
  workspaceId: string,
  propertyId: string,
  options: { type?: string; body?: unknown } = {},
) {
  return call<Checklist & Body>(method, checklistPath(propertyId), {
    key,
    query: { workspace_id: workspaceId, type: options.type },
    body: options.body,
  });
}

let partner: TestPartner;
let key: string;
let workspaceId: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  partner = await createTestPartner();
  key = partner.apiKey;
  workspaceId = await provision(key, "checklists");
  await pushAndWait(key, workspaceId, snapshot([item("a"), item("A2"), item("b", { status: "inactive" }), item(oddId)]));
  otherWorkspaceId = await provision(key, "checklists-other");
  await pushAndWait(key, otherWorkspaceId, snapshot([item("elsewhere")]));
});

describe("checklist: replace, read, remove", () => {
  it("replaces a list, answering it with new ids, the echoed type and updated_at; GET reads it back", async () => {
    const put = await send("PUT", key, workspaceId, "a", {
      body: {
        items: [
          { name: "Kitchen: wipe counters", notes: "Use the blue cloth" },
          { name: "Beds 1–2: change linen" },
          { name: "Built-in oven" },
        ],
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(Object.keys(put.body).sort()).toEqual(["items", "property_id", "type", "updated_at", "workspace_id"]);
    expect(put.body).toMatchObject({ workspace_id: workspaceId, property_id: "a", type: "housekeeping" });
    expect(put.body.items.map((i) => [i.name, i.notes])).toEqual([
      ["Kitchen: wipe counters", "Use the blue cloth"],
      ["Beds 1–2: change linen", undefined],
      ["Built-in oven", undefined],
    ]);
    for (const entry of put.body.items) expect(entry.id).toMatch(uuid);
    expect(new Set(put.body.items.map((i) => i.id)).size).toBe(3);
    expect(put.body.updated_at).toMatch(isoMillis);

    const get = await send("GET", key, workspaceId, "a");
    expect(get.status).toBe(200);
    expect(get.body).toEqual(put.body);
  });

  it("answers items: [] without updated_at for a home with no list of its own", async () => {
    const get = await send("GET", key, workspaceId, "A2", { type: "maintenance" });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ workspace_id: workspaceId, property_id: "A2", type: "maintenance", items: [] });
  });

  it("removes a list idempotently, answering items: [] each time", async () => {
    await send("PUT", key, workspaceId, "A2", { body: { items: [{ name: "Hall" }] } });
    const expected = { workspace_id: workspaceId, property_id: "A2", type: "housekeeping", items: [] };
    for (let i = 0; i < 2; i++) {
      const removed = await send("DELETE", key, workspaceId, "A2");
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual(expected);
    }
    expect((await send("GET", key, workspaceId, "A2")).body).toEqual(expected);
  });

  it("keeps the three types independent, each echoed", async () => {
    const types = ["housekeeping", "inspection", "maintenance"] as const;
    for (const type of types) {
      const put = await send("PUT", key, workspaceId, "A2", {
        type,
        body: { items: [{ name: `${type} 1` }, { name: `${type} 2` }] },
      });
      expect(put.body.type).toBe(type);
    }
    const removed = await send("DELETE", key, workspaceId, "A2", { type: "inspection" });
    expect(removed.body).toEqual({ workspace_id: workspaceId, property_id: "A2", type: "inspection", items: [] });
    const names = async (type: string) => (await send("GET", key, workspaceId, "A2", { type })).body.items.map((i) => i.name);
    expect(await names("housekeeping")).toEqual(["housekeeping 1", "housekeeping 2"]);
    expect(await names("inspection")).toEqual([]);
    expect(await names("maintenance")).toEqual(["maintenance 1", "maintenance 2"]);
  });

  it("issues new ids on every replace, even of an identical list, keeps the order and moves updated_at forward", async () => {
    const body = { items: [{ name: "One" }, { name: "Two", notes: "second" }, { name: "Three" }] };
    const first = await send("PUT", key, workspaceId, "A2", { type: "inspection", body });
    const second = await send("PUT", key, workspaceId, "A2", { type: "inspection", body });
    expect(second.body.items.map((i) => i.name)).toEqual(["One", "Two", "Three"]);
    const firstIds = new Set(first.body.items.map((i) => i.id));
    for (const entry of second.body.items) expect(firstIds.has(entry.id)).toBe(false);
    expect(Date.parse(second.body.updated_at!)).toBeGreaterThan(Date.parse(first.body.updated_at!));
    expect((await send("GET", key, workspaceId, "A2", { type: "inspection" })).body).toEqual(second.body);
  });

  it("stores names and notes trimmed, inner whitespace made one space, blank notes dropped", async () => {
    const put = await send("PUT", key, workspaceId, "A2", {
      type: "maintenance",
      body: {
        items: [
          { name: "  Boiler:\n\tcheck  pressure ", notes: " \u00a0 " },
          { name: "Gutters", notes: null },
          { name: "Smoke alarm", notes: " Test\r\nbutton " },
        ],
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.items.map(({ name, notes }) => ({ name, notes }))).toEqual([
      { name: "Boiler: check pressure", notes: undefined },
      { name: "Gutters", notes: undefined },
      { name: "Smoke alarm", notes: "Test button" },
    ]);
  });

  it("takes names of 120 and notes of 500 characters counted in code points (astral ones included), and 50 items", async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      name: `${i}${"🧹".repeat(120 - String(i).length)}`,
      notes: "🧽".repeat(500),
    }));
    const put = await send("PUT", key, workspaceId, "A2", { type: "maintenance", body: { items } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.items).toHaveLength(50);
    expect([...(put.body.items[49]!.name as string)]).toHaveLength(120);
    expect([...(put.body.items[0]!.notes as string)]).toHaveLength(500);
  });
});

describe("checklist: which homes", () => {
  it("sets up inactive and unconfirmed homes, and a home whose id needs percent-encoding", async () => {
    const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
    await db().property.create({
      data: { workspaceId: workspace.id, externalId: "unconfirmed-home", name: "New", rosterStatus: "unconfirmed" },
    });
    for (const propertyId of ["b", "unconfirmed-home", oddId]) {
      const put = await send("PUT", key, workspaceId, propertyId, { body: { items: [{ name: "Entrance" }] } });
      expect(put.status, `${propertyId}: ${put.text}`).toBe(200);
      expect(put.body.property_id).toBe(propertyId);
      expect((await send("GET", key, workspaceId, propertyId)).body.items).toHaveLength(1);
      expect((await send("DELETE", key, workspaceId, propertyId)).status).toBe(200);
    }
  });

  it("answers 404 property_not_found for an unknown id, another workspace's, or one differing in case only", async () => {
    for (const method of ["PUT", "GET", "DELETE"]) {
      const body = method === "PUT" ? { items: [{ name: "Hall" }] } : undefined;
      for (const propertyId of ["nope", "elsewhere", "A", "a ", "flat%2F1"]) {
        expectError(await send(method, key, workspaceId, propertyId, { body }), 404, "property_not_found");
      }
    }
  });

  it("answers 404 workspace_not_provisioned before property_not_found, also for another partner's workspace", async () => {
    const stranger = await createTestPartner();
    for (const method of ["PUT", "GET", "DELETE"]) {
      const body = method === "PUT" ? { items: [{ name: "Hall" }] } : undefined;
      expectError(await send(method, key, "no-such-workspace", "nope", { body }), 404, "workspace_not_provisioned");
      expectError(await send(method, stranger.apiKey, workspaceId, "a", { body }), 404, "workspace_not_provisioned");
    }
  });

  it("refuses a property_id longer than any roster id (200 characters) as a bad parameter", async () => {
    const error = expectError(await send("GET", key, workspaceId, "p".repeat(201)), 400, "invalid_request");
    expect(error.detail).toEqual({ parameter: "property_id" });
  });

  it("checks the request before the workspace: a bad type or body is 400 even for an unknown workspace", async () => {
    const badType = expectError(
      await send("GET", key, "no-such-workspace", "nope", { type: "cleaning" }),
      400,
      "invalid_request",
    );
    expect(badType.detail).toEqual({ parameter: "type" });
    const badBody = expectError(
      await send("PUT", key, "no-such-workspace", "nope", { body: { items: [] } }),
      400,
      "invalid_request",
    );
    expect(badBody.detail).toEqual({ parameter: "items" });
  });
});

describe("checklist: refusals change nothing", () => {
  const long = (n: number) => "𝄞".repeat(n);
  const cases: [string, unknown, string, Record<string, unknown>][] = [
    ["no items", {}, "missing_parameter", { parameter: "items" }],
    ["items null", { items: null }, "missing_parameter", { parameter: "items" }],
    ["items not an array", { items: "Kitchen" }, "invalid_request", { parameter: "items" }],
    ["an empty list", { items: [] }, "invalid_request", { parameter: "items" }],
    [
      "51 items",
      { items: Array.from({ length: 51 }, (_, i) => ({ name: `Item ${i}` })) },
      "invalid_request",
      { parameter: "items" },
    ],
    [
      "an item that is not an object",
      { items: [{ name: "ok" }, "Kitchen"] },
      "invalid_request",
      { parameter: "items[1]", index: 1 },
    ],
    [
      "a missing name",
      { items: [{ name: "ok" }, { name: "ok" }, { notes: "x" }] },
      "missing_parameter",
      { parameter: "items[2].name", index: 2 },
    ],
    ["a blank name", { items: [{ name: " \n\t\u3000" }] }, "missing_parameter", { parameter: "items[0].name", index: 0 }],
    ["a name that is not a string", { items: [{ name: 7 }] }, "invalid_request", { parameter: "items[0].name", index: 0 }],
    [
      "a name of 121 characters",
      { items: [{ name: "ok" }, { name: long(121) }] },
      "invalid_request",
      { parameter: "items[1].name", index: 1 },
    ],
    ["an em dash", { items: [{ name: "Kitchen—counters" }] }, "invalid_request", { parameter: "items[0].name", index: 0 }],
    [
      "a spaced em dash",
      { items: [{ name: "ok" }, { name: "Kitchen — counters" }] },
      "invalid_request",
      { parameter: "items[1].name", index: 1 },
    ],
    [
      "an en dash after a space",
      { items: [{ name: "Kitchen –counters" }] },
      "invalid_request",
      { parameter: "items[0].name", index: 0 },
    ],
    [
      "an en dash before a space",
      { items: [{ name: "Kitchen–\u00a0counters" }] },
      "invalid_request",
      { parameter: "items[0].name", index: 0 },
    ],
    ["a control character", { items: [{ name: "Kitchen\u0000" }] }, "invalid_request", { parameter: "items[0].name", index: 0 }],
    [
      "notes of 501 characters",
      { items: [{ name: "ok", notes: long(501) }] },
      "invalid_request",
      { parameter: "items[0].notes", index: 0 },
    ],
    [
      "notes that are not a string",
      { items: [{ name: "ok", notes: ["x"] }] },
      "invalid_request",
      { parameter: "items[0].notes", index: 0 },
    ],
    ["an unknown top-level field", { items: [{ name: "ok" }], title: "Clean" }, "invalid_request", { parameter: "title" }],
    [
      "an unknown item field",
      { items: [{ name: "ok" }, { name: "ok", colour: "red" }] },
      "invalid_request",
      { parameter: "items[1].colour", index: 1 },
    ],
    [
      "an item id sent by the caller",
      { items: [{ id: "00000000-0000-4000-8000-000000000000", name: "ok" }] },
      "invalid_request",
      { parameter: "items[0].id", index: 0 },
    ],
  ];

  let before: Checklist;
  beforeAll(async () => {
    before = (await send("PUT", key, workspaceId, "a", { type: "inspection", body: { items: [{ name: "Keep me" }] } })).body;
  });

  it.each(cases)("refuses %s", async (_name, body, code, detail) => {
    const error = expectError(await send("PUT", key, workspaceId, "a", { type: "inspection", body }), 400, code);
    expect(error.detail).toEqual(detail);
    expect((await send("GET", key, workspaceId, "a", { type: "inspection" })).body).toEqual(before);
  });

  it("says why: DELETE for an empty list, a colon for a dash, code points for a length", async () => {
    const put = (body: unknown) => send("PUT", key, workspaceId, "a", { type: "inspection", body });
    expect(expectError(await put({ items: [] }), 400, "invalid_request").message).toMatch(/DELETE/);
    expect(expectError(await put({ items: [{ name: "Hall — sweep" }] }), 400, "invalid_request").message).toMatch(
      /items\[0\]\.name: .*colon/,
    );
    expect(expectError(await put({ items: [{ name: long(121) }] }), 400, "invalid_request").message).toMatch(
      /120 characters \(Unicode code points\)/,
    );
    expect(expectError(await put({ items: [{ name: "ok", extra: 1 }] }), 400, "invalid_request").message).toMatch(
      /items\[0\]\.extra/,
    );
  });

  it("refuses a body that is not JSON or not an object", async () => {
    for (const rawBody of ["{", "[]", '"items"', "null"]) {
      const answer = await call("PUT", checklistPath("a"), {
        key,
        query: { workspace_id: workspaceId },
        headers: { "content-type": "application/json" },
        rawBody,
      });
      expect(expectError(answer, 400, "invalid_request").detail, rawBody).toEqual({ parameter: "body" });
    }
  });

  it("refuses an unknown type, an empty one included, on every verb; and requires workspace_id", async () => {
    for (const method of ["PUT", "GET", "DELETE"]) {
      const body = method === "PUT" ? { items: [{ name: "Hall" }] } : undefined;
      for (const type of ["cleaning", "", "Housekeeping"]) {
        const error = expectError(await send(method, key, workspaceId, "a", { type, body }), 400, "invalid_request");
        expect(error.detail).toEqual({ parameter: "type" });
      }
      const missing = await call(method, checklistPath("a"), { key, body });
      expect(expectError(missing, 400, "missing_parameter").detail).toEqual({ parameter: "workspace_id" });
    }
    expect((await send("GET", key, workspaceId, "a", { type: "inspection" })).body).toEqual(before);
  });

  it("answers 405 with the allowed methods for any other verb", async () => {
    const error = expectError(
      await call("POST", checklistPath("a"), { key, query: { workspace_id: workspaceId } }),
      405,
      "method_not_allowed",
    );
    expect(error.detail).toEqual({ allowed_methods: ["GET", "PUT", "DELETE"] });
  });
});
