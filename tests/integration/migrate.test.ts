import { createHash } from "node:crypto";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createDatabase, startTestPostgres, type TestPostgres } from "../support/postgres";

const MIGRATIONS = path.resolve("prisma/migrations");
const quiet = () => {};

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function projectMigrationNames(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe("applyMigrations", () => {
  let server: TestPostgres | undefined;
  const scratch: string[] = [];

  // A copy of the project's migrations plus extra ones, so tests can add and edit freely.
  async function migrationsFolder(extra: Record<string, string> = {}): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-migrations-"));
    scratch.push(dir);
    await cp(MIGRATIONS, dir, { recursive: true });
    for (const [name, sql] of Object.entries(extra)) {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, "migration.sql"), sql);
    }
    return dir;
  }

  async function freshDatabase(): Promise<string> {
    if (!server) throw new Error("test server did not start");
    return createDatabase(server.adminUrl, "migrate");
  }

  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("applies every migration once and nothing on the second run, keeping Prisma's bookkeeping", async () => {
    const url = await freshDatabase();
    const names = await projectMigrationNames();

    expect((await applyMigrations(url, { log: quiet })).applied).toEqual(names);
    expect((await applyMigrations(url, { log: quiet })).applied).toEqual([]);

    const rows = await query<{
      id: string;
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
      logs: string | null;
    }>(
      url,
      "SELECT id, migration_name, checksum, finished_at, applied_steps_count, logs FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      const script = await readFile(path.join(MIGRATIONS, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(script).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
    }

    // Same columns and types as the table `prisma migrate deploy` creates.
    const columns = await query<{ column_name: string; type: string; is_nullable: string; column_default: string | null }>(
      url,
      `SELECT column_name, format_type(a.atttypid, a.atttypmod) AS type, is_nullable, column_default
         FROM information_schema.columns c
         JOIN pg_attribute a ON a.attrelid = '_prisma_migrations'::regclass AND a.attname = c.column_name
        WHERE c.table_name = '_prisma_migrations' ORDER BY c.ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: "id", type: "character varying(36)", is_nullable: "NO", column_default: null },
      { column_name: "checksum", type: "character varying(64)", is_nullable: "NO", column_default: null },
      { column_name: "finished_at", type: "timestamp with time zone", is_nullable: "YES", column_default: null },
      { column_name: "migration_name", type: "character varying(255)", is_nullable: "NO", column_default: null },
      { column_name: "logs", type: "text", is_nullable: "YES", column_default: null },
      { column_name: "rolled_back_at", type: "timestamp with time zone", is_nullable: "YES", column_default: null },
      { column_name: "started_at", type: "timestamp with time zone", is_nullable: "NO", column_default: "now()" },
      { column_name: "applied_steps_count", type: "integer", is_nullable: "NO", column_default: "0" },
    ]);
  });

  it("applies each migration exactly once when two runners start together", async () => {
    const url = await freshDatabase();
    // A slow extra migration widens the window in which the second runner could slip through.
    const dir = await migrationsFolder({
      "20991231000000_slow": "CREATE TABLE slow_probe (id INTEGER);\nSELECT pg_sleep(0.3);\n",
    });
    const names = (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();

    const [first, second] = await Promise.all([
      applyMigrations(url, { migrationsDir: dir, log: quiet }),
      applyMigrations(url, { migrationsDir: dir, log: quiet }),
    ]);

    expect([...first.applied, ...second.applied].sort()).toEqual(names);
    const counts = await query<{ migration_name: string; count: number }>(
      url,
      "SELECT migration_name, count(*)::int AS count FROM _prisma_migrations GROUP BY migration_name ORDER BY migration_name",
    );
    expect(counts).toEqual(names.map((name) => ({ migration_name: name, count: 1 })));
  });

  it("records a broken migration as failed, rolls its changes back, and refuses to go on", async () => {
    const url = await freshDatabase();
    const broken = "20991231000001_broken";
    const dir = await migrationsFolder({
      [broken]: "CREATE TABLE broken_probe (id INTEGER);\nSELECT * FROM no_such_table;\n",
      "20991231000002_after": "CREATE TABLE after_probe (id INTEGER);\n",
    });

    await expect(applyMigrations(url, { migrationsDir: dir, log: quiet })).rejects.toThrow(broken);

    const [row] = await query<{ finished_at: Date | null; rolled_back_at: Date | null; logs: string | null }>(
      url,
      "SELECT finished_at, rolled_back_at, logs FROM _prisma_migrations WHERE migration_name = $1",
      [broken],
    );
    expect(row).toMatchObject({ finished_at: null, rolled_back_at: null });
    expect(row?.logs).toContain("no_such_table");
    const tables = await query<{ name: string | null }>(
      url,
      "SELECT to_regclass('broken_probe')::text AS name UNION ALL SELECT to_regclass('after_probe')::text",
    );
    expect(tables).toEqual([{ name: null }, { name: null }]);

    // Even once the file is fixed, a failed migration needs a person to resolve it first (P3009).
    await writeFile(path.join(dir, broken, "migration.sql"), "CREATE TABLE broken_probe (id INTEGER);\n");
    await expect(applyMigrations(url, { migrationsDir: dir, log: quiet })).rejects.toThrow(new RegExp(`\`${broken}\`.*failed`));

    // Marked rolled back (what `prisma migrate resolve --rolled-back` does), it is applied again.
    await query(url, "UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1", [broken]);
    expect((await applyMigrations(url, { migrationsDir: dir, log: quiet })).applied).toEqual([broken, "20991231000002_after"]);
  });

  it("warns through log, without failing, when an applied migration was edited", async () => {
    const url = await freshDatabase();
    const dir = await migrationsFolder();
    await applyMigrations(url, { migrationsDir: dir, log: quiet });
    const [edited] = await projectMigrationNames();
    if (!edited) throw new Error("no migrations in prisma/migrations");
    await appendFile(path.join(dir, edited, "migration.sql"), "\n-- edited after it was applied\n");

    const messages: string[] = [];
    const result = await applyMigrations(url, { migrationsDir: dir, log: (message) => messages.push(message) });

    expect(result.applied).toEqual([]);
    const warnings = messages.filter((message) => /warning/i.test(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(edited);
    expect(warnings[0]).toMatch(/checksum/i);
  });
});
