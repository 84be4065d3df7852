// Fails when prisma/schema.prisma and prisma/migrations disagree: a database built by applying every
// migration must have the same catalog as one built from the SQL Prisma generates for the schema.
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { diffSchemas } from "../../scripts/db-diff";
import { createDatabase, startTestPostgres, type TestPostgres } from "../support/postgres";

const SCHEMA = path.resolve("prisma/schema.prisma");
const SNAPSHOT = path.resolve("prisma/migrations/schema.snapshot.prisma");

// One line per catalog object, so a disagreement reads as a plain line diff.
const CATALOG_QUERIES: Record<string, string> = {
  table: `
    SELECT c.relname AS line
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`,
  // Column order is left out on purpose: a column added later legitimately lands at the end.
  column: `
    SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE ' NULL' END
           || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
           || COALESCE(' COLLATE ' || co.collname, '') AS line
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      LEFT JOIN pg_collation co ON co.oid = a.attcollation
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
       AND a.attnum > 0 AND NOT a.attisdropped`,
  enum: `
    SELECT t.typname || ' (' || string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) || ')' AS line
      FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
      JOIN pg_enum e ON e.enumtypid = t.oid
     WHERE n.nspname = 'public'
     GROUP BY t.typname`,
  index: `
    SELECT indexdef AS line FROM pg_indexes
     WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  constraint: `
    SELECT c.relname || ' ' || con.conname || ': ' || pg_get_constraintdef(con.oid) AS line
      FROM pg_constraint con
      JOIN pg_class c ON c.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE n.nspname = 'public' AND c.relname <> '_prisma_migrations'`,
};

async function describeCatalog(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lines: string[] = [];
    for (const [kind, sql] of Object.entries(CATALOG_QUERIES)) {
      const { rows } = await client.query<{ line: string }>(sql);
      lines.push(...rows.map((row) => `${kind} ${row.line}`));
    }
    // Byte order, so the result does not depend on anyone's locale.
    return lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } finally {
    await client.end();
  }
}

async function execute(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe("schema drift", () => {
  let server: TestPostgres | undefined;

  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("the migrations build exactly the database schema.prisma describes", async () => {
    if (!server) throw new Error("test server did not start");
    const [migratedUrl, expectedUrl, expectedSql] = await Promise.all([
      createDatabase(server.adminUrl, "drift_migrated"),
      createDatabase(server.adminUrl, "drift_expected"),
      diffSchemas(null, SCHEMA),
    ]);
    await applyMigrations(migratedUrl, { log: () => {} });
    await execute(expectedUrl, expectedSql ?? "");

    const [migrated, expected] = await Promise.all([describeCatalog(migratedUrl), describeCatalog(expectedUrl)]);
    expect(expected.length, "the schema should produce some tables").toBeGreaterThan(0);
    expect(
      migrated,
      "Database from prisma/migrations (received) differs from prisma/schema.prisma (expected). " +
        "Did you forget `npm run db:diff -- --name <change>`?",
    ).toEqual(expected);
  }, 60_000);

  it("schema.snapshot.prisma is byte-equal to schema.prisma", async () => {
    const [snapshot, schema] = await Promise.all([readFile(SNAPSHOT), readFile(SCHEMA)]);
    const stale = "prisma/migrations/schema.snapshot.prisma is stale: run `npm run db:diff -- --name <change>`";
    expect(snapshot.toString("utf8"), stale).toBe(schema.toString("utf8"));
    expect(snapshot.equals(schema), stale).toBe(true);
  });
});
