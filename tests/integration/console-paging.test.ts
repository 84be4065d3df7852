import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { partnersPageQuery } from "../../lib/consoles/partner-operations";
import { workspacesPageQuery } from "../../lib/consoles/integration-operations";
import { positionOf } from "../../lib/db/keyset";
import { sessionCookieFor } from "../fixtures/released-report";
import { staffUser } from "../fixtures/waiting-review";
import { runSql } from "../support/databases";
import { planOf, queriesOf, readOf } from "../support/query-plan";
import { useApp } from "../support/use-app";

/*
 * The consoles' lists paged by keyset over real HTTP: every row once, forward and back, whatever
 * the ties; counts that stop at 1,000; a cursor the list did not give refused by name (the API)
 * or read as the first page (the admin page). And PostgreSQL's plans for the SQL Prisma sends,
 * on tables of many rows: the index on each list's order, never a scan of the table.
 */

const app = useApp({ workers: 0, database: "paging" });
let cookie: string;
let small: string;
let big: string;

const sql = (text: string, values: unknown[] = []) => runSql(app.databaseUrl, text, values);

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(path, app.baseUrl), { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as T };
}

interface WorkspacesPage {
  total: number;
  totalCapped: boolean;
  next?: string;
  previous?: string;
  workspaces: { id: string; name: string }[];
}

beforeAll(async () => {
  const staff = await staffUser("paging-staff@walkthrough.dev");
  cookie = await sessionCookieFor(staff.email);
  // 3,000 partners for the list's plan; two of them hold the workspaces.
  await sql(
    `INSERT INTO partner (id, name) SELECT gen_random_uuid(), 'Partner ' || lpad(g::text, 4, '0') FROM generate_series(1, 3000) g`,
  );
  small = (await db().partner.create({ data: { name: "Aardvark Lets" } })).id;
  big = (await db().partner.create({ data: { name: "Zebra Lets" } })).id;
  // 60 for the small one, five of each name: pages must break ties by id and lose none.
  await sql(
    `INSERT INTO workspace (id, partner_id, external_id, name)
     SELECT gen_random_uuid(), $1, 'ws-' || g, 'Harbour ' || (g % 12) FROM generate_series(1, 60) g`,
    [small],
  );
  await sql(
    `INSERT INTO workspace (id, partner_id, external_id, name)
     SELECT gen_random_uuid(), $1, 'ws-' || g, 'Block ' || lpad(g::text, 5, '0') FROM generate_series(1, 20000) g`,
    [big],
  );
  await sql("ANALYZE partner");
  await sql("ANALYZE workspace");
}, 180_000);

describe("a partner's workspaces in the console", () => {
  it("pages forward to the end and back to the start, every workspace once, by name then id", async () => {
    const expected = (
      (await sql("SELECT id FROM workspace WHERE partner_id = $1 ORDER BY name, id", [small])) as { id: string }[]
    ).map((row) => row.id);
    const path = `/api/console/partners/${small}/workspaces`;
    const seen: string[] = [];
    const pages: WorkspacesPage[] = [];
    let cursor: string | undefined;
    do {
      const answer = await get<WorkspacesPage>(cursor ? `${path}?cursor=${cursor}` : path);
      expect(answer.status).toBe(200);
      pages.push(answer.body);
      seen.push(...answer.body.workspaces.map((workspace) => workspace.id));
      cursor = answer.body.next;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages.map((page) => page.workspaces.length)).toEqual([25, 25, 10]);
    expect(pages[0]!.previous).toBeUndefined();
    expect(pages.every((page) => page.total === 60 && !page.totalCapped)).toBe(true);

    // Back from the last page: the same pages in reverse, the first one with nothing before it.
    const back: string[][] = [];
    cursor = pages.at(-1)!.previous;
    while (cursor) {
      const answer = await get<WorkspacesPage>(`${path}?cursor=${cursor}`);
      back.unshift(answer.body.workspaces.map((workspace) => workspace.id));
      cursor = answer.body.previous;
    }
    expect(back).toEqual(pages.slice(0, -1).map((page) => page.workspaces.map((workspace) => workspace.id)));
  });

  it("counts up to 1,000 and then says only that there are more", async () => {
    const answer = await get<WorkspacesPage>(`/api/console/partners/${big}/workspaces`);
    expect(answer.body).toMatchObject({ total: 1000, totalCapped: true });
    expect(answer.body.workspaces[0]!.name).toBe("Block 00001");
  });

  it("refuses a cursor it did not give, naming it, and changes nothing", async () => {
    for (const bad of ["not-a-cursor!", Buffer.from('{"d":"after","v":"x","i":"1"}').toString("base64url")]) {
      const answer = await get<{ error: { code: string; message: string } }>(
        `/api/console/partners/${small}/workspaces?cursor=${encodeURIComponent(bad)}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("invalid_request");
      expect(answer.body.error.message).toMatch(/^The cursor is not a place in this list/);
    }
    const after = await get<WorkspacesPage>(`/api/console/partners/${small}/workspaces`);
    expect(after.body.workspaces).toHaveLength(25);
  });
});

describe("finding a workspace among thousands (the consoles' workspace box)", () => {
  const search = (partner: string, text: string, cursor?: string) =>
    get<WorkspacesPage>(
      `/api/console/partners/${partner}/workspaces?${new URLSearchParams({ search: text, ...(cursor ? { cursor } : {}) })}`,
    );

  it("finds by part of the name or the start of the ID, ignoring case, and counts only the matches", async () => {
    const byName = await search(big, "block 00042");
    expect(byName.body.workspaces.map((workspace) => workspace.name)).toEqual(["Block 00042"]);
    expect(byName.body).toMatchObject({ total: 1, totalCapped: false });
    const byId = await search(big, "WS-1999");
    // ws-1999 and ws-19990 to ws-19999, by name.
    expect(byId.body.total).toBe(11);
    expect(byId.body.workspaces.map((workspace) => workspace.name)).toEqual([
      "Block 01999",
      ...Array.from({ length: 10 }, (_, index) => `Block 1999${index}`),
    ]);
    expect((await search(big, "   ")).body.total).toBe(1000);
    expect((await search(big, "no such home")).body).toMatchObject({ total: 0, workspaces: [] });
  });

  it("pages through the matches only, every one once", async () => {
    // "Harbour 1" is in "Harbour 1", "Harbour 10" and "Harbour 11": five workspaces of each name.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const answer = await search(small, "harbour 1", cursor);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.workspaces.map((workspace) => workspace.name));
      cursor = answer.body.next;
    } while (cursor);
    expect(seen).toHaveLength(15);
    expect(new Set(seen)).toEqual(new Set(["Harbour 1", "Harbour 10", "Harbour 11"]));
  });

  it("refuses a search over 200 characters, naming it", async () => {
    const answer = await get<{ error: { code: string; message: string } }>(
      `/api/console/partners/${big}/workspaces?search=${"x".repeat(201)}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("invalid_request");
    expect(answer.body.error.message).toContain("search");
  });
});

describe("the admin page's partners", () => {
  it("links to the next page by cursor and reads a cursor it did not give as the first page", async () => {
    const first = await (await fetch(new URL("/admin", app.baseUrl), { headers: { cookie } })).text();
    expect(first).toContain("Aardvark Lets");
    expect(first).toContain("1,000+ in all");
    // The 25th and 26th partners by name (the demo partner is among them).
    const [last, following] = (await sql("SELECT name FROM partner ORDER BY name, id OFFSET 24 LIMIT 2")) as { name: string }[];
    const next = /href="\/admin\?cursor=([A-Za-z0-9_-]+)"/.exec(first)?.[1];
    expect(positionOf(next)).toMatchObject({ direction: "after", value: last!.name });
    const second = await (await fetch(new URL(`/admin?cursor=${next}`, app.baseUrl), { headers: { cookie } })).text();
    expect(second).toContain(following!.name);
    expect(second).not.toContain("Aardvark Lets");
    const edited = await fetch(new URL("/admin?cursor=edited", app.baseUrl), { headers: { cookie } });
    expect(edited.status).toBe(200);
    expect(await edited.text()).toContain("Aardvark Lets");
  });
});

describe("the plans PostgreSQL makes for the lists' SQL", () => {
  it("reads a partner's workspaces through (partner_id, name, id), deep in the list as on its first page", async () => {
    const middle = (await sql("SELECT id, name FROM workspace WHERE partner_id = $1 ORDER BY name, id OFFSET 12000 LIMIT 1", [
      big,
    ])) as { id: string; name: string }[];
    for (const position of [undefined, { direction: "after" as const, value: middle[0]!.name, id: middle[0]!.id }]) {
      const sent = await queriesOf(app.databaseUrl, (client) => client.workspace.findMany(workspacesPageQuery(big, position)));
      const plan = await planOf(app.databaseUrl, readOf(sent, "workspace"));
      expect(plan).toContain("workspace_partner_id_name_id_idx");
      expect(plan).not.toMatch(/Seq Scan on workspace|Sort Key: .*name/);
      if (position) expect(plan).toMatch(/Index Cond: .*name >=/);
    }
  });

  it("reads the partners through (name, id)", async () => {
    const sent = await queriesOf(app.databaseUrl, (client) =>
      client.partner.findMany(partnersPageQuery({ direction: "after", value: "Partner 1500", id: small })),
    );
    const plan = await planOf(app.databaseUrl, readOf(sent, "partner"));
    expect(plan).toContain("partner_name_id_idx");
    expect(plan).not.toMatch(/Seq Scan on partner /);
  });
});
