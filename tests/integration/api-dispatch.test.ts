import http from "node:http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectError } from "../support/api";
import { createTestPartner, type TestPartner } from "../fixtures/partners";

/*
 * The production server answers /v1 from lib/server/api-dispatch.ts and everything else from
 * Next. These are the raw-path and connection edge cases of that split, sent byte for byte with
 * node:http (fetch would normalise some of the paths before sending them).
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Written one after another; the request then ends, unless `abort` destroys it first. */
  chunks?: (string | Buffer)[];
  agent?: http.Agent;
}

function send(request: RawRequest): Promise<RawAnswer> {
  const base = new URL(inject("baseUrl"));
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent: request.agent ?? false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    outgoing.on("error", reject);
    const chunks = [...(request.chunks ?? [])];
    const writeMore = () => {
      while (chunks.length > 0) if (!outgoing.write(chunks.shift()!)) return void outgoing.once("drain", writeMore);
      outgoing.end();
    };
    writeMore();
  });
}

const errorCode = (answer: RawAnswer) => (JSON.parse(answer.text) as { error: { code: string } }).error.code;

// Next marks the answers of its own pipeline so; the dispatcher's answers do not carry it.
const answeredByNext = (answer: RawAnswer) => String(answer.headers.vary ?? "").includes("next-router-state-tree");

let partner: TestPartner;
let auth: Record<string, string>;
beforeAll(async () => {
  partner = await createTestPartner();
  auth = { authorization: `Bearer ${partner.apiKey}` };
});

describe("raw paths", () => {
  it("keeps an encoded / ? # % inside one workspace id, decoded exactly once", async () => {
    const id = `dispatch/${Date.now()} ?#%`;
    expect((await call("POST", "/v1/workspaces", { key: partner.apiKey, body: { workspace_id: id, name: "Raw" } })).status).toBe(
      201,
    );

    const read = await send({ method: "GET", path: `/v1/workspaces/${encodeURIComponent(id)}`, headers: auth });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text)).toMatchObject({ workspace_id: id, name: "Raw" });
    expect(answeredByNext(read)).toBe(false);

    // Lower-case hex is the same id; an encoded %25 is decoded once, so it names another id.
    const lower = encodeURIComponent(id).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    expect((await send({ method: "GET", path: `/v1/workspaces/${lower}`, headers: auth })).status).toBe(200);
    const twice = await send({
      method: "GET",
      path: `/v1/workspaces/${encodeURIComponent(encodeURIComponent(id))}`,
      headers: auth,
    });
    expect(errorCode(twice)).toBe("workspace_not_provisioned");
  });

  it("answers an unencoded / as a different path (the catch-all's 404 not_found)", async () => {
    const answer = await send({ method: "GET", path: "/v1/workspaces/acme/east", headers: auth });
    expect([answer.status, errorCode(answer)]).toEqual([404, "not_found"]);
  });

  it("refuses a badly percent-encoded id with 400 invalid_request naming it", async () => {
    const answer = await send({ method: "GET", path: "/v1/workspaces/acme%zz", headers: auth });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "invalid_request", detail: { parameter: "workspace_id" } } });
  });

  it("keeps the query byte for byte", async () => {
    const answer = await send({
      method: "GET",
      path: `/v1/properties?workspace_id=${encodeURIComponent("no/such ?#%")}`,
      headers: auth,
    });
    expect([answer.status, errorCode(answer)]).toEqual([404, "workspace_not_provisioned"]);
  });

  it("leaves a trailing slash to Next, which redirects to the path without it", async () => {
    const answer = await send({ method: "GET", path: "/v1/workspaces/?a=1", headers: auth });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/v1/workspaces?a=1");
  });
});

describe("verbs", () => {
  it("answers a verb the path does not take with 405, Allow and the envelope", async () => {
    const answer = await send({ method: "DELETE", path: "/v1/workspaces/acme", headers: auth });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET");
    expect(answer.headers["x-request-id"]).toBeTruthy();
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: "method_not_allowed", message: "This path accepts GET.", detail: { allowed_methods: ["GET"] } },
    });
    const document = await send({ method: "PATCH", path: "/v1/openapi.json" });
    expect([document.status, document.headers.allow]).toEqual([405, "GET"]);
  });

  it("leaves HEAD and OPTIONS to Next", async () => {
    const head = await send({ method: "HEAD", path: "/v1/workspaces/acme", headers: auth });
    expect(answeredByNext(head)).toBe(true);
    expect(head.status).toBe(404);
    expect(head.text).toBe("");
    const options = await send({ method: "OPTIONS", path: "/v1/workspaces/acme" });
    expect(answeredByNext(options)).toBe(true);
    expect(options.status).toBe(204);
  });

  it("serves the OpenAPI document without a key", async () => {
    const answer = await send({ method: "GET", path: "/v1/openapi.json" });
    expect(answer.status).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(answer.text)).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
  });
});

describe("bodies and connections", () => {
  const post = (chunks: (string | Buffer)[], headers: Record<string, string>, agent?: http.Agent) =>
    send({
      method: "POST",
      path: "/v1/workspaces",
      headers: { ...auth, "content-type": "application/json", ...headers },
      chunks,
      agent,
    });

  // Up to 1 MiB of a refused body is read and dropped (lib/http/body.ts), so the connection carries on.
  it("answers 413 for a chunked body past the cap, and the kept-alive connection still works", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const chunks = [`{"workspace_id":"chunked","name":"`, ...Array.from({ length: 20 }, () => Buffer.alloc(16 * 1024, "x"))];
      const answer = await post(chunks, { "transfer-encoding": "chunked" }, agent);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "payload_too_large", detail: { limit_bytes: 65536 } } });
      const next = await send({ method: "GET", path: "/v1/workspaces/after-chunked-413", headers: auth, agent });
      expect(errorCode(next)).toBe("workspace_not_provisioned");
    } finally {
      agent.destroy();
    }
  });

  it("answers 413 from a declared Content-Length without waiting for the body", async () => {
    const answer = await new Promise<RawAnswer>((resolve, reject) => {
      const base = new URL(inject("baseUrl"));
      const outgoing = http.request({
        host: base.hostname,
        port: base.port,
        method: "POST",
        path: "/v1/workspaces",
        agent: false,
        headers: { ...auth, "content-type": "application/json", "content-length": String(50 * 1024 * 1024) },
      });
      outgoing.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") });
        });
      });
      outgoing.on("error", reject);
      outgoing.write('{"workspace_id":"declared",'); // and never the rest of the 50 MiB
    });
    expect([answer.status, errorCode(answer)]).toEqual([413, "payload_too_large"]);
    expect(answer.headers.connection).toBe("close");
  });

  it("survives clients that go away in the middle of a body, and answers the next request", async () => {
    const base = new URL(inject("baseUrl"));
    for (const framing of [{ "content-length": "100000" }, { "transfer-encoding": "chunked" }]) {
      await new Promise<void>((resolve) => {
        const outgoing = http.request({
          host: base.hostname,
          port: base.port,
          method: "POST",
          path: "/v1/workspaces",
          agent: false,
          headers: { ...auth, "content-type": "application/json", ...framing },
        });
        outgoing.on("error", () => resolve());
        outgoing.on("close", () => resolve());
        outgoing.write(`{"workspace_id":"gone","name":"${"x".repeat(1000)}`);
        setTimeout(() => outgoing.destroy(), 100);
      });
    }
    const after = await send({ method: "GET", path: "/v1/workspaces/after-abort", headers: auth });
    expect(errorCode(after)).toBe("workspace_not_provisioned");
    expectError(await call("GET", "/v1/workspaces/after-abort", { key: partner.apiKey }), 404, "workspace_not_provisioned");
  });
});
