import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/<name>/migration.sql the way `prisma migrate deploy` does, because
// Prisma 7's migrate commands need a native engine that cannot be installed here. The
// `_prisma_migrations` table and its rows are exactly Prisma's, so `prisma migrate deploy` and
// `migrate status` agree with this runner wherever that engine is available.

export interface ApplyMigrationsOptions {
  migrationsDir?: string;
  log?: (message: string) => void;
}

// Prisma's own definition, so either tool can create the table and the other accepts it.
const CREATE_MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                  VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum            VARCHAR(64) NOT NULL,
    finished_at         TIMESTAMPTZ,
    migration_name      VARCHAR(255) NOT NULL,
    logs                TEXT,
    rolled_back_at      TIMESTAMPTZ,
    started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count INTEGER NOT NULL DEFAULT 0
  )`;

// The key Prisma Migrate locks on: sharing it also serialises this runner against `migrate deploy`.
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

interface LocalMigration {
  name: string;
  script: string;
  checksum: string;
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

// Prisma also accepts a checksum taken with the other line endings, since git may rewrite them.
function matchesChecksum(script: string, checksum: string): boolean {
  return [script, script.replace(/\r\n/g, "\n"), script.replace(/\r?\n/g, "\r\n")].some(
    (variant) => sha256(variant) === checksum,
  );
}

async function readMigrations(migrationsDir: string): Promise<LocalMigration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrations: LocalMigration[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(migrationsDir, name, "migration.sql"));
    migrations.push({ name, script: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") });
  }
  return migrations;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const db = error as Partial<pg.DatabaseError>;
  const parts = [db.code ? `Database error code: ${db.code}` : undefined, `Database error: ${error.message}`];
  if (db.detail) parts.push(`Detail: ${db.detail}`);
  if (db.hint) parts.push(`Hint: ${db.hint}`);
  if (db.position) parts.push(`Position: ${db.position}`);
  return parts.filter(Boolean).join("\n");
}

export async function applyMigrations(databaseUrl: string, options: ApplyMigrationsOptions = {}): Promise<{ applied: string[] }> {
  const migrationsDir = options.migrationsDir ?? path.resolve("prisma/migrations");
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const local = await readMigrations(migrationsDir);

  // One connection throughout: the advisory lock belongs to the session that took it.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [
      PRISMA_MIGRATE_LOCK_KEY,
    ]);
    if (!locked[0]?.ok) {
      log("Another migration run holds the lock; waiting for it to finish");
      await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    }
    try {
      return await applyLocked(client, local, log);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

async function applyLocked(
  client: pg.Client,
  local: LocalMigration[],
  log: (message: string) => void,
): Promise<{ applied: string[] }> {
  // Created under the lock: two concurrent CREATE TABLE IF NOT EXISTS can still collide.
  await client.query(CREATE_MIGRATIONS_TABLE);
  // Read only after locking, so a runner that waited sees what the other one applied.
  const { rows } = await client.query<MigrationRow>(
    `SELECT migration_name, checksum, started_at, finished_at, rolled_back_at
       FROM _prisma_migrations ORDER BY started_at`,
  );

  // Same rule as Prisma (P3009): a half-done migration needs a person, not another attempt.
  const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new Error(
      `Migration \`${failed.migration_name}\` started at ${failed.started_at.toISOString()} failed; ` +
        `new migrations will not be applied. Its error is in _prisma_migrations.logs. Fix the database, ` +
        `then mark it rolled back (set rolled_back_at) or applied (set finished_at) before running again ` +
        `(what \`prisma migrate resolve\` does).`,
    );
  }

  // Rows marked rolled back do not count: Prisma applies such a migration again.
  const appliedRows = rows.filter((row) => row.finished_at !== null && row.rolled_back_at === null);
  const localNames = new Set(local.map((migration) => migration.name));
  for (const row of appliedRows) {
    if (!localNames.has(row.migration_name)) {
      log(`Warning: migration ${row.migration_name} is applied to the database but missing from the migrations folder`);
    }
  }

  const applied: string[] = [];
  for (const migration of local) {
    const existing = appliedRows.filter((row) => row.migration_name === migration.name);
    if (existing.length > 0) {
      // Deploy never re-runs an edited migration; saying so keeps the edit from passing unnoticed.
      if (!existing.some((row) => matchesChecksum(migration.script, row.checksum))) {
        log(`Warning: migration ${migration.name} was modified after it was applied (checksum differs)`);
      }
      continue;
    }
    await applyOne(client, migration);
    applied.push(migration.name);
    log(`Applied migration ${migration.name}`);
  }
  return { applied };
}

async function applyOne(client: pg.Client, migration: LocalMigration): Promise<void> {
  const id = randomUUID();
  let startedAt = new Date();
  try {
    await client.query("BEGIN");
    // The row goes in first: should the script commit on its own (a BEGIN/COMMIT pair inside
    // migration.sql), the row is already there and a later failure still shows as failed.
    const { rows } = await client.query<{ started_at: Date }>(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at)
       VALUES ($1, $2, $3, clock_timestamp()) RETURNING started_at`,
      [id, migration.checksum, migration.name],
    );
    startedAt = rows[0]?.started_at ?? startedAt;
    // No parameters, so pg uses the simple protocol, which runs several statements in one go.
    await client.query(migration.script);
    await client.query(`UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [
      id,
    ]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    // Outside the rolled-back transaction, so the failure is remembered and blocks later runs.
    const recorded = await client
      .query(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, logs)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET logs = EXCLUDED.logs`,
        [id, migration.checksum, migration.name, startedAt, describeError(error)],
      )
      .then(
        () => "",
        (recordError: unknown) => ` (and recording the failure failed too: ${String(recordError)})`,
      );
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${migration.name} failed: ${reason}${recorded}`, { cause: error });
  }
}
