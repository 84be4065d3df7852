import { beforeAll, describe, expect, it } from "vitest";
import { runSql } from "../support/databases";
import { localDriverOfApp } from "../support/media";
import { useApp } from "../support/use-app";
import { seedReport } from "../fixtures/released-report";
import { expiredSql } from "../../lib/recording/media-retention";
import { inspectionsPageQuery } from "../../lib/consoles/inspections-page";
import { planOf, queriesOf, readOf } from "../support/query-plan";

/*
 * What is looked up in `inspection` by something other than its id is found through an index,
 * not a scan, on a table of a realistic size: 2,500 homes with 20 walkthroughs each (50,000
 * rows, most released, a few waiting for review or still recording). PostgreSQL's own plans
 * (EXPLAIN) after ANALYZE, on an app's database of this file's own.
 */

const app = useApp({ workers: 0, database: "inspidx" });
const homes = 2500;
const perHome = 20;
let propertyId: string;

beforeAll(async () => {
  const report = await seedReport({ homeName: "Template Home", findings: [], driver: localDriverOfApp() });
  const sql = (text: string, values: unknown[] = []) => runSql(app.databaseUrl, text, values);
  const [template] = (await sql("SELECT property_id, task_id FROM inspection WHERE id = $1", [report.inspectionId])) as {
    property_id: string;
    task_id: string;
  }[];
  // Copies of the seeded rows with new keys: every other column as a real one has it.
  await sql(
    `INSERT INTO property SELECT (jsonb_populate_record(NULL::property, to_jsonb(p) ||
       jsonb_build_object('id', gen_random_uuid(), 'external_id', 'idx-home-' || g))).*
     FROM property p, generate_series(1, $2::int) g WHERE p.id = $1`,
    [template!.property_id, homes],
  );
  await sql(
    `INSERT INTO task SELECT (jsonb_populate_record(NULL::task, to_jsonb(t) || jsonb_build_object(
       'id', gen_random_uuid(), 'property_id', p.id, 'external_id', p.external_id || '-' || g,
       'external_id_hash', '\\x' || encode(sha256(convert_to(p.external_id || '-' || g, 'UTF8')), 'hex'),
       'token_hash', '\\x' || encode(sha256(convert_to('token-' || p.external_id || '-' || g, 'UTF8')), 'hex')))).*
     FROM task t, property p, generate_series(1, $2::int) g WHERE t.id = $1 AND p.external_id LIKE 'idx-home-%'`,
    [template!.task_id, perHome],
  );
  // Released mostly; one in a thousand waiting for review, one in a thousand still recording.
  await sql(
    `INSERT INTO inspection SELECT (jsonb_populate_record(NULL::inspection, to_jsonb(i) || jsonb_build_object(
       'id', gen_random_uuid(), 'task_id', t.id, 'property_id', t.property_id,
       'status', CASE WHEN n % 1000 = 0 THEN 'processing' WHEN n % 1000 = 1 THEN 'recording' ELSE 'completed' END,
       'sealed_at', CASE WHEN n % 1000 = 1 THEN NULL ELSE now() - make_interval(mins => n::int) END,
       'finished_at', CASE WHEN n % 1000 = 1 THEN NULL ELSE now() - make_interval(mins => n::int) END))).*
     FROM inspection i, (SELECT t.*, row_number() OVER () AS n FROM task t JOIN property p ON p.id = t.property_id
                         WHERE p.external_id LIKE 'idx-home-%') t
     WHERE i.id = $1`,
    [report.inspectionId],
  );
  await sql("ANALYZE inspection");
  const [home] = (await sql("SELECT id FROM property WHERE external_id = 'idx-home-42'")) as { id: string }[];
  propertyId = home!.id;
}, 240_000);

async function plan(query: string, values: unknown[] = []): Promise<string> {
  const rows = (await runSql(app.databaseUrl, `EXPLAIN ${query}`, values)) as { "QUERY PLAN": string }[];
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

it("has the table this test means: 50,000 walkthroughs", async () => {
  const [count] = (await runSql(app.databaseUrl, "SELECT count(*)::int AS n FROM inspection")) as { n: number }[];
  expect(count!.n).toBeGreaterThanOrEqual(homes * perHome);
});

it("finds a home's previous walkthrough through (property_id, sealed_at)", async () => {
  const found = await plan(
    `SELECT id FROM inspection WHERE property_id = $1::uuid AND id <> gen_random_uuid() AND sealed_at IS NOT NULL
     ORDER BY sealed_at DESC LIMIT 1`,
    [propertyId],
  );
  expect(found).toContain("inspection_property_id_sealed_at_idx");
  expect(found).not.toContain("Seq Scan on inspection");
});

it("finds the review queue, oldest first, through (status, sealed_at, id)", async () => {
  const found = await plan(
    `SELECT id FROM inspection WHERE status = 'processing' AND analyzed_at IS NOT NULL ORDER BY sealed_at, id LIMIT 50`,
  );
  expect(found).toContain("inspection_status_sealed_at_id_idx");
  expect(found).not.toContain("Seq Scan on inspection");
});

it("finds walkthroughs still recording (the abandoned sweep) through the status index", async () => {
  const found = await plan(`SELECT id FROM inspection i WHERE i.status = 'recording' AND i.finished_at IS NULL`);
  expect(found).toContain("inspection_status_sealed_at_id_idx");
  expect(found).not.toContain("Seq Scan on inspection");
});

it("finds the walkthroughs past their media retention through (media_deleted_at, sealed_at)", async () => {
  const now = new Date();
  const found = await plan(expiredSql, [now, 400, 200, new Date(now.getTime() - 400 * 86_400_000)]);
  expect(found).toContain("inspection_media_deleted_at_sealed_at_idx");
  expect(found).not.toMatch(/Seq Scan on inspection/);
});

describe("the consoles' inspections, newest first, paged by keyset", () => {
  const consolePlan = async (...args: Parameters<typeof inspectionsPageQuery>) =>
    planOf(
      app.databaseUrl,
      readOf(
        await queriesOf(app.databaseUrl, (client) => client.inspection.findMany(inspectionsPageQuery(...args))),
        "inspection",
      ),
    );
  let middle: { direction: "after"; value: string; id: string };

  beforeAll(async () => {
    const [row] = (await runSql(
      app.databaseUrl,
      "SELECT id, opened_at FROM inspection ORDER BY opened_at DESC, id DESC OFFSET 25000 LIMIT 1",
    )) as { id: string; opened_at: Date }[];
    middle = { direction: "after", value: row!.opened_at.toISOString(), id: row!.id };
  });

  it("reads staff's first page through (opened_at, id)", async () => {
    const found = await consolePlan({});
    expect(found).toContain("inspection_opened_at_id_idx");
    expect(found).not.toMatch(/Seq Scan on inspection/);
  });

  it("starts a page 25,000 rows in at its position in the index, not by reading the rows before it", async () => {
    const found = await consolePlan({}, middle);
    expect(found).toContain("inspection_opened_at_id_idx");
    expect(found).toMatch(/Index Cond: .*opened_at <=/);
    expect(found).not.toMatch(/Seq Scan on inspection/);
  });

  it("reads a partner's and a workspace's pages through an index too", async () => {
    const [scope] = (await runSql(
      app.databaseUrl,
      "SELECT w.id AS workspace_id, w.partner_id FROM inspection i JOIN workspace w ON w.id = i.workspace_id LIMIT 1",
    )) as { workspace_id: string; partner_id: string }[];
    for (const found of [
      await consolePlan({ partnerId: scope!.partner_id }, middle),
      await consolePlan({ workspace: scope!.workspace_id }, middle),
      await consolePlan({ status: "completed" }, middle),
    ]) {
      expect(found).toMatch(/inspection_opened_at_id_idx|inspection_workspace_id_opened_at_idx/);
      expect(found).not.toMatch(/Seq Scan on inspection/);
    }
  });

  it("counts at most 1,001 rows for the list's figure, however many there are", async () => {
    const sent = await queriesOf(app.databaseUrl, (client) => client.inspection.count({ where: {}, take: 1001 }));
    const found = await planOf(
      app.databaseUrl,
      sent.find((entry) => entry.query.includes("COUNT"))!,
    );
    // Under a Limit, even a sequential scan stops after 1,001 rows.
    expect(found).toMatch(/Aggregate[\s\S]*Limit/);
  });
});
