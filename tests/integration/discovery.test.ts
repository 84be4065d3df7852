import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../lib/partner-api";
import { connectorOperations } from "../../lib/partner-api/connectors";
import { apiCatalogProfile } from "../../lib/discovery/api-catalog";
import { firstCalls } from "../../lib/discovery/llms-txt";
import { call } from "../support/api";
import { until } from "../support/until";
import { useApp } from "../support/use-app";
import { createTestPartner } from "../fixtures/partners";

/*
 * The discovery surfaces: the RFC 9727 API catalogue and /llms.txt, read from a running app over
 * HTTP. Every link in them must answer, and every call the quickstart shows must work as shown.
 */

const app = useApp({ appUrl: true, database: "discovery" });
let base: string;

beforeAll(() => {
  base = app.env.APP_URL!;
});

interface Link {
  href: string;
  type?: string;
  title?: string;
}
type LinkContext = { anchor: string } & Record<string, Link[] | string>;

async function answers(url: string): Promise<{ status: number; type: string | null }> {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get("content-type") };
}

describe("the API catalogue (/.well-known/api-catalog)", () => {
  it("is an RFC 9727 linkset naming each surface's OpenAPI document and reference, and every link answers", async () => {
    const response = await fetch(`${base}/.well-known/api-catalog`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(`application/linkset+json; profile="${apiCatalogProfile}"`);
    const { linkset } = (await response.json()) as { linkset: LinkContext[] };
    expect(Array.isArray(linkset)).toBe(true);
    // RFC 9264: each context object has an anchor and relation types whose values are arrays of target objects with href.
    for (const context of linkset) {
      expect(typeof context.anchor).toBe("string");
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === "anchor") continue;
        expect(Array.isArray(targets), relation).toBe(true);
        for (const target of targets as Link[]) expect(new URL(target.href).origin).toBe(base);
      }
    }
    const anchors = linkset.map((context) => context.anchor);
    expect(anchors).toEqual(expect.arrayContaining([`${base}/v1`, `${base}/connectors`]));

    for (const context of linkset.filter((entry) => entry["service-desc"])) {
      const [desc] = context["service-desc"] as Link[];
      const document = (await (await fetch(desc!.href)).json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi, desc!.href).toBe("3.1.0");
      // Each surface's document describes the paths under its anchor.
      const prefix = new URL(context.anchor).pathname;
      expect(
        Object.keys(document.paths).some((path) => path.startsWith(prefix)),
        desc!.href,
      ).toBe(true);
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === "anchor") continue;
        for (const target of targets as Link[]) expect((await answers(target.href)).status, target.href).toBe(200);
      }
    }
    for (const href of linkset.flatMap((context) => (context.item as Link[] | undefined) ?? []).map((link) => link.href)) {
      // An anchor is where a surface's operations live: it answers (a catalogue, or 404/401 enveloped), never 5xx.
      expect((await answers(href)).status, href).toBeLessThan(500);
    }

    const head = await fetch(`${base}/.well-known/api-catalog`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("link")).toBe('</.well-known/api-catalog>; rel="api-catalog"');
  });
});

describe("the agents' quickstart (/llms.txt)", () => {
  it("is plain text listing every operation and error code, and every link in it answers", async () => {
    const response = await fetch(`${base}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("# Walkthrough\n")).toBe(true);
    for (const operation of [...operations, ...connectorOperations])
      expect(text).toContain(`- ${operation.method} ${operation.path}: `);
    for (const code of ["invalid_key", "connector_not_enabled", "idempotency_conflict", "too_many_requests"])
      expect(text).toContain(` ${code}: `);
    // A failed inspection's findings: permanent, with the reason, unlike the 409 that says "poll again".
    expect(text).toMatch(/^- 404 report_not_available: .*detail\.reason/m);
    for (const event of ["inspection.completed", "reservation.updated"]) expect(text).toContain(event);

    const links = [...text.matchAll(/\]\((http[^)]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) expect((await answers(link)).status, link).toBe(200);
  });

  it("shows first calls that are operations of the API and work as shown", async () => {
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    for (const first of firstCalls) expect(documented.has(`${first.method} ${first.path}`), first.path).toBe(true);

    // Made as shown, in order, with a real key: each answers 2xx (the findings only once a report exists).
    const { apiKey } = await createTestPartner();
    const workspaceId = `llms-${randomBytes(3).toString("hex")}`;
    const as = (value: string) => value.replaceAll("acme-1", workspaceId);
    for (const first of firstCalls.slice(0, 4)) {
      const query = Object.fromEntries(Object.entries(first.query).map(([name, value]) => [name, as(value)]));
      const body = first.body === undefined ? undefined : JSON.parse(as(JSON.stringify(first.body)));
      const send = () => call(first.method, first.path, { key: apiKey, query, headers: first.headers, body });
      // The recording link needs the roster applied and the workspace switched on: a moment after the import.
      const answer =
        first.path === "/v1/recording-link"
          ? await until("the recording link", async () => ((await send()).status === 200 ? send() : undefined), 30_000, 250)
          : await send();
      expect(answer.status, `${first.method} ${first.path}: ${answer.text}`).toBeLessThan(300);
    }
  });
});
