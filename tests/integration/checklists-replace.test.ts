import fc from "fast-check";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectError, segment } from "../support/api";
import { createTestPartner } from "../fixtures/partners";
import { item, provision, pushAndWait, snapshot } from "../fixtures/roster";

type Entry = { id: string; name: string; notes?: string };
type Checklist = { items: Entry[]; updated_at: string; type: string };

const limitBytes = 376_224;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const checklistPath = (propertyId: string) => `/v1/properties/${segment(propertyId)}/checklist`;

let key: string;
let workspaceId: string;

beforeAll(async () => {
  key = (await createTestPartner()).apiKey;
  workspaceId = await provision(key, "checklist-replace");
  await pushAndWait(key, workspaceId, snapshot([item("home"), item("race"), item("big")]));
});

const put = (propertyId: string, body: unknown, type?: string) =>
  call<Checklist>("PUT", checklistPath(propertyId), { key, query: { workspace_id: workspaceId, type }, body });
const get = (propertyId: string, type?: string) =>
  call<Checklist>("GET", checklistPath(propertyId), { key, query: { workspace_id: workspaceId, type } });

describe("checklist replace semantics (property-based)", () => {
  const char = fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => !/[\s\p{Cc}\u2013\u2014]/u.test(c)),
    fc.constantFrom("a", "é", "中", "😀", "-", "–"),
  );
  const word = fc.string({ unit: char, minLength: 1, maxLength: 30 });
  const padding = fc.constantFrom("", " ", "\t", "\n ", "\u00a0");
  const listItem = fc.record(
    { before: padding, name: word, after: padding, notes: fc.option(word, { nil: undefined }) },
    { requiredKeys: ["before", "name", "after"] },
  );

  it("answers every item in the order sent, each with a new id never issued before, and GET reads the same", async () => {
    const seen = new Set<string>();
    let lastUpdate = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(listItem, { minLength: 1, maxLength: 50 }),
        fc.constantFrom("housekeeping", "inspection"),
        async (items, type) => {
          // An en dash beside the padding would be a refused dash; that rule has its own tests.
          const sent = items.map(({ before, name, after, notes }) => ({
            name: `${/^–/.test(name) ? "" : before}${name}${/–$/.test(name) ? "" : after}`,
            ...(notes === undefined ? {} : { notes }),
          }));
          const answer = await put("home", { items: sent }, type);
          expect(answer.status, answer.text).toBe(200);
          const list = answer.body;
          expect(list.type).toBe(type);
          expect(list.items.map(({ name, notes }) => ({ name, notes }))).toEqual(
            items.map(({ name, notes }) => ({ name, notes })),
          );
          for (const entry of list.items) {
            expect(entry.id).toMatch(uuid);
            expect(seen.has(entry.id), "an id issued twice").toBe(false);
            seen.add(entry.id);
          }
          const updated = Date.parse(list.updated_at);
          expect(updated).toBeGreaterThan(lastUpdate);
          lastUpdate = updated;
          expect((await get("home", type)).body).toEqual(list);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("checklist replace under concurrency", () => {
  it("applies concurrent replaces one after the other: the last one wins whole, never a mix", async () => {
    const writers = Array.from({ length: 12 }, (_, w) => ({
      items: Array.from({ length: 1 + (w % 5) * 10 }, (_, i) => ({ name: `writer ${w} item ${i}` })),
    }));
    const answers = await Promise.all(writers.map((body) => put("race", body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const times = answers.map((answer) => Date.parse(answer.body.updated_at));
    expect(new Set(times).size, "updated_at orders the writes").toBe(writers.length);

    const final = (await get("race")).body;
    const last = answers[times.indexOf(Math.max(...times))]!.body;
    expect(final).toEqual(last);
    const writer = /^writer (\d+) /.exec(final.items[0]!.name)![1];
    expect(final.items.map((entry) => entry.name)).toEqual(writers[Number(writer)]!.items.map((entry) => entry.name));
  });
});

/** A valid JSON body of `total` bytes, made on demand in 16 KiB chunks; `pulled` says how much was sent. */
function chunkedBody(total: number) {
  const encoder = new TextEncoder();
  const head = encoder.encode('{"items":[{"name":"Kitchen"}]');
  const tail = encoder.encode("}");
  const padding = encoder.encode(" ".repeat(16 * 1024));
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const left = total - state.pulled;
      const part =
        state.pulled === 0
          ? head
          : left > tail.byteLength
            ? padding.subarray(0, Math.min(padding.byteLength, left - tail.byteLength))
            : tail;
      state.pulled += part.byteLength;
      controller.enqueue(part);
      if (state.pulled >= total) controller.close();
    },
  });
  return { stream, state };
}

/** The headers a request made the way `call` makes it arrives with, seen by a plain local server. */
async function headersAsSent(body: ReadableStream<Uint8Array>): Promise<http.IncomingHttpHeaders> {
  let seen: http.IncomingHttpHeaders = {};
  const server = http.createServer((request, response) => {
    seen = request.headers;
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: "PUT", body, duplex: "half" } as RequestInit);
    await answer.text();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return seen;
}

describe("checklist body cap (376,224 bytes)", () => {
  const padTo = (json: string, bytes: number) => json.slice(0, -1) + " ".repeat(bytes - Buffer.byteLength(json)) + "}";

  it("accepts a body of exactly the cap, and the largest list the field limits allow fits under it", async () => {
    const exact = padTo(JSON.stringify({ items: [{ name: "Kitchen" }] }), limitBytes);
    expect(Buffer.byteLength(exact)).toBe(limitBytes);
    const answer = await call("PUT", checklistPath("big"), {
      key,
      query: { workspace_id: workspaceId },
      headers: { "content-type": "application/json" },
      rawBody: exact,
    });
    expect(answer.status, answer.text).toBe(200);

    // 50 items at their longest, every character astral and written as \u escapes (12 bytes each).
    const escaped = (n: number) => "\\ud83e\\uddf9".repeat(n);
    const item = `{"name":"${escaped(120)}","notes":"${escaped(500)}"}`;
    const largest = `{"items":[${Array.from({ length: 50 }, () => item).join(",")}]}`;
    expect(Buffer.byteLength(largest)).toBeLessThanOrEqual(limitBytes);
    const full = await call<Checklist>("PUT", checklistPath("big"), {
      key,
      query: { workspace_id: workspaceId },
      headers: { "content-type": "application/json" },
      rawBody: largest,
    });
    expect(full.status, full.text).toBe(200);
    expect(full.body.items).toHaveLength(50);
  });

  it("answers 413 payload_too_large with detail.limit_bytes for one byte more, with Content-Length", async () => {
    const before = (await get("big")).body;
    const over = padTo(JSON.stringify({ items: [{ name: "Kitchen" }] }), limitBytes + 1);
    const answer = await call("PUT", checklistPath("big"), {
      key,
      query: { workspace_id: workspaceId },
      headers: { "content-type": "application/json" },
      rawBody: over,
    });
    const error = expectError(answer, 413, "payload_too_large");
    expect(error.detail).toEqual({ limit_bytes: limitBytes });
    expect((await get("big")).body).toEqual(before);
  });

  it("refuses from a declared Content-Length without waiting for the body", async () => {
    const url = new URL(`${checklistPath("big")}?workspace_id=${encodeURIComponent(workspaceId)}`, inject("baseUrl"));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: "PUT",
        agent: false,
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "content-length": String(10 * 1024 * 1024),
        },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      request.on("error", reject);
      // Only the start of the declared 10 MiB is ever sent: the answer must not wait for the rest.
      request.write('{"items":[');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "payload_too_large", detail: { limit_bytes: limitBytes } } });
  });

  it("answers 413 for a chunked body without Content-Length, as soon as it passes the cap", async () => {
    const probe = chunkedBody(1024);
    const sent = await headersAsSent(probe.stream);
    expect(sent["transfer-encoding"]).toBe("chunked");
    expect(sent["content-length"]).toBeUndefined();

    // Just over the cap: the refusal comes from counting the bytes as they stream in. (What the
    // server does with the rest of an upload it refused is its own business; not asserted here.)
    const { stream, state } = chunkedBody(limitBytes + 64 * 1024);
    const answer = await call("PUT", checklistPath("big"), {
      key,
      query: { workspace_id: workspaceId },
      headers: { "content-type": "application/json" },
      rawBody: stream,
    });
    expect(expectError(answer, 413, "payload_too_large").detail).toEqual({ limit_bytes: limitBytes });
    expect(state.pulled).toBeGreaterThan(limitBytes);

    // A chunked body under the cap is read and parsed as usual.
    const small = chunkedBody(1000);
    const accepted = await call<Checklist>("PUT", checklistPath("big"), {
      key,
      query: { workspace_id: workspaceId },
      headers: { "content-type": "application/json" },
      rawBody: small.stream,
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.items.map((entry) => entry.name)).toEqual(["Kitchen"]);
  });
});
