import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { operations } from "../../lib/partner-api";
import { type ErrorCode, errorStatus } from "../../lib/errors/error-codes";
import { type AnyOperation, commonErrors, defaultBodyLimitBytes } from "../../lib/http/operation";
import { committedDemoOpenApiText } from "../../lib/demo/openapi";
import { buildOpenApiDocument, committedOpenApiText } from "../../lib/openapi/document";

type Json = Record<string, unknown>;

const committedFile = path.resolve(import.meta.dirname, "../../openapi/openapi.json");
const document = buildOpenApiDocument() as unknown as Json;
const paths = document.paths as Record<string, Record<string, Json>>;

const label = (operation: AnyOperation) => `${operation.method} ${operation.path}`;
const documented = (operation: AnyOperation) => paths[operation.path]?.[operation.method.toLowerCase()];
const responsesOf = (operation: AnyOperation) => (documented(operation)?.responses ?? {}) as Record<string, Json>;
const keysOf = (schema: unknown) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** Follows a local JSON pointer (`#/components/schemas/X`) through the document. */
function resolvePointer(ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let current: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (current === null || typeof current !== "object" || !(key in current)) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

function collectRefs(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, i) => collectRefs(item, `${at}[${i}]`, out));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") out.push([at, item]);
      else collectRefs(item, `${at}.${key}`, out);
    }
  }
  return out;
}

describe("the committed OpenAPI document", () => {
  it("is exactly what the generator produces from the current operations", () => {
    const committed = existsSync(committedFile) ? readFileSync(committedFile, "utf8") : "(no such file)";
    expect(committed, "openapi/openapi.json is out of date: run `npm run openapi` and commit the result").toBe(
      committedOpenApiText(),
    );
  });

  it("commits the demo tier's document too, exactly as generated", () => {
    const demoFile = path.resolve(import.meta.dirname, "../../openapi/demo.json");
    const committed = existsSync(demoFile) ? readFileSync(demoFile, "utf8") : "(no such file)";
    expect(committed, "openapi/demo.json is out of date: run `npm run openapi` and commit the result").toBe(
      committedDemoOpenApiText(),
    );
  });
});

describe("buildOpenApiDocument", () => {
  it("is OpenAPI 3.1 for version 1 of the Walkthrough Partner API, at the server url given", () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: "Walkthrough Partner API", version: "1" });
    const served = buildOpenApiDocument({ serverUrl: "https://walkthrough.example" });
    expect(served.servers?.[0]?.url).toBe("https://walkthrough.example");
  });

  it("states the conventions every operation shares in its description", () => {
    const text = String((document.info as Json).description);
    for (const phrase of ["ISO 8601", "UTC", "percent-encode", "null", "evidence", "error.code", "never on `message`"]) {
      expect(text).toContain(phrase);
    }
    for (const phrase of ["code points", "Retry-After", "X-Request-Id", "404 not_found", "405 method_not_allowed"]) {
      expect(text).toContain(phrase);
    }
    expect(text).toMatch(/in flight/);
  });

  it("lists every operation under its method and path, with its id, summary, tag and the bearer key", () => {
    expect(operations.length).toBeGreaterThan(0);
    const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
    expect(schemes.partnerKey).toMatchObject({ type: "http", scheme: "bearer" });
    const tagNames = (document.tags as Json[]).map((tag) => tag.name);
    for (const operation of operations) {
      const entry = documented(operation);
      expect(entry, `${label(operation)} is missing`).toBeDefined();
      expect(entry).toMatchObject({ operationId: operation.operationId, summary: operation.summary, tags: [operation.tag] });
      expect(entry?.security, label(operation)).toEqual([{ partnerKey: [] }]);
      expect(tagNames).toContain(operation.tag);
    }
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size, "operationIds must be unique").toBe(ids.length);
  });

  it("documents each operation's parameters, body and success responses from its schemas", () => {
    for (const operation of operations) {
      const entry = documented(operation)!;
      const parameters = (entry.parameters ?? []) as Json[];
      // Header names are case-insensitive; the reference spells them `Idempotency-Key`.
      const has = (where: string, name: string) =>
        parameters.some((p) => p.in === where && String(p.name).toLowerCase() === name.toLowerCase());
      for (const name of operation.path.match(/(?<=\{)[^}]+(?=\})/g) ?? []) {
        expect(has("path", name), `${label(operation)}: path parameter ${name}`).toBe(true);
      }
      for (const name of keysOf(operation.params)) expect(has("path", name), `${label(operation)}: ${name}`).toBe(true);
      for (const name of keysOf(operation.query)) expect(has("query", name), `${label(operation)}: ${name}`).toBe(true);
      for (const name of keysOf(operation.headers)) expect(has("header", name), `${label(operation)}: ${name}`).toBe(true);
      expect(Boolean(entry.requestBody), `${label(operation)}: request body`).toBe(Boolean(operation.body));
      for (const status of Object.keys(operation.responses)) {
        expect(responsesOf(operation)[status], `${label(operation)}: ${status}`).toBeDefined();
      }
    }
  });

  it("documents every error code an operation can answer, under its status, on the shared envelope", () => {
    for (const operation of operations) {
      const responses = responsesOf(operation);
      const expected = new Set<ErrorCode>([...operation.errors, ...commonErrors]);
      // What the shared wrapper answers because of the operation's shape, listed or not.
      if (operation.body)
        ["missing_parameter", "invalid_request", "payload_too_large"].forEach((c) => expected.add(c as ErrorCode));
      if (operation.params || operation.query || operation.headers) expected.add("invalid_request");
      for (const code of expected) {
        const response = responses[String(errorStatus[code])];
        const where = `${label(operation)}: ${code}`;
        expect(response, where).toBeDefined();
        expect(response!["x-error-codes"], where).toContain(code);
        expect(String(response!.description), where).toContain(`\`${code}\``);
        const media = (response!.content as Record<string, Json>)["application/json"]!;
        const [envelope, narrowed] = (media.schema as Json).allOf as Json[];
        expect(envelope, where).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
        expect(JSON.stringify(narrowed), where).toContain(`"${code}"`);
        expect((media.examples as Json)[code], `${where}: example`).toBeDefined();
      }
      // Nothing is documented at a status it cannot have.
      for (const [status, response] of Object.entries(responses)) {
        for (const code of (response["x-error-codes"] ?? []) as ErrorCode[]) expect(String(errorStatus[code])).toBe(status);
      }
    }
  });

  it("gives the body cap of every operation that takes a body as detail.limit_bytes on its 413", () => {
    for (const operation of operations.filter((candidate) => candidate.body)) {
      const response = responsesOf(operation)["413"]!;
      const narrowed = ((response.content as Record<string, Json>)["application/json"]!.schema as Json).allOf as Json[];
      const detail = (((narrowed[1]!.properties as Json).error as Json).properties as Json).detail as Json;
      expect(detail.required).toEqual(["limit_bytes"]);
      expect((detail.properties as Json).limit_bytes).toMatchObject({ const: operation.bodyLimitBytes ?? defaultBodyLimitBytes });
    }
  });

  it("documents detail.reason where a refusal carries one: a refused return_url (400) and a failed inspection's findings (404)", () => {
    const detailAt = (path: string, status: string) => {
      const response = (paths[path]!.get!.responses as Record<string, Json>)[status]!;
      const narrowed = ((response.content as Record<string, Json>)["application/json"]!.schema as Json).allOf as Json[];
      return {
        codes: response["x-error-codes"],
        detail: (((narrowed[1]!.properties as Json).error as Json).properties as Json).detail as Json | undefined,
      };
    };
    const link = detailAt("/v1/recording-link", "400");
    expect((link.detail?.properties as Json | undefined)?.reason).toMatchObject({
      type: "string",
      enum: ["not_allowed", "malformed"],
    });
    const findings = detailAt("/v1/inspections/{inspection_id}/findings", "404");
    expect(findings.codes).toContain("report_not_available");
    expect((findings.detail?.properties as Json | undefined)?.reason).toMatchObject({ type: "string" });
    // An operation whose refusals carry no reason documents none.
    expect((detailAt("/v1/inspections", "400").detail?.properties as Json | undefined)?.reason).toBeUndefined();
  });

  it("resolves every $ref it contains", () => {
    const refs = collectRefs(document, "$");
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter(([, ref]) => resolvePointer(ref) === undefined).map(([at, ref]) => `${at} -> ${ref}`);
    expect(unresolved).toEqual([]);
  });
});
