// `npm run db:diff -- --name <snake_name>`: writes the SQL that takes the database from the schema
// as last migrated (prisma/migrations/schema.snapshot.prisma) to prisma/schema.prisma as a new
// migration, then records schema.prisma as the new snapshot.
// `npm run db:diff -- --check`: exits 1 when schema.prisma has changes that no migration carries.
//
// Prisma 7 cannot diff here (its schema engine is a native download), so the Prisma 6.19 CLI
// does it from the two schema files alone: no database, no network (see prisma/prisma6.config.ts).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const SCHEMA = path.resolve("prisma/schema.prisma");
const MIGRATIONS_DIR = path.resolve("prisma/migrations");
const SNAPSHOT = path.join(MIGRATIONS_DIR, "schema.snapshot.prisma");
const PRISMA_6_CLI = path.resolve("node_modules/prisma-6/build/index.js");
const PRISMA_6_CONFIG = path.resolve("prisma/prisma6.config.ts");

// Prisma 7 forbids `url` in the datasource block, Prisma 6 requires one; a diff never uses it.
function withPlaceholderUrl(schema: string): string {
  const withUrl = schema.replace(/^(\s*datasource\s+\w+\s*\{)/m, `$1\n  url = "postgresql://offline.invalid/unused"`);
  if (withUrl === schema) throw new Error("No datasource block found in the schema");
  return withUrl;
}

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      {
        // The CLI would otherwise phone home for update checks, which cannot succeed here.
        env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: child.exitCode ?? 0, stdout, stderr });
      },
    );
  });
}

/**
 * SQL that turns a database built from `fromSchemaFile` (null: an empty database) into one for
 * `toSchemaFile`, exactly as Prisma generates it; null when there is nothing to change.
 */
export async function diffSchemas(fromSchemaFile: string | null, toSchemaFile: string): Promise<string | null> {
  const work = await mkdtemp(path.join(tmpdir(), "walkthrough-db-diff-"));
  try {
    const copy = async (file: string, name: string) => {
      const target = path.join(work, name);
      await writeFile(target, withPlaceholderUrl(await readFile(file, "utf8")));
      return target;
    };
    const from = fromSchemaFile ? ["--from-schema-datamodel", await copy(fromSchemaFile, "from.prisma")] : ["--from-empty"];
    const to = ["--to-schema-datamodel", await copy(toSchemaFile, "to.prisma")];
    const args = ["migrate", "diff", "--config", PRISMA_6_CONFIG, ...from, ...to, "--script", "--exit-code"];
    const result = await run(process.execPath, [PRISMA_6_CLI, ...args]);
    // --exit-code: 0 means no difference, 2 means a difference, anything else an error.
    if (result.code === 0) return null;
    if (result.code === 2) return result.stdout;
    throw new Error(`prisma migrate diff (Prisma 6) failed with exit code ${result.code}:\n${result.stderr}${result.stdout}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function utcTimestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { name: { type: "string" }, check: { type: "boolean" } } });
  if (!values.check && !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(values.name ?? "")) {
    console.error("Usage: npm run db:diff -- --name <snake_case_name>   or   npm run db:diff -- --check");
    return 1;
  }

  const hasSnapshot = existsSync(SNAPSHOT);
  const sql = await diffSchemas(hasSnapshot ? SNAPSHOT : null, SCHEMA);
  const schemaText = await readFile(SCHEMA, "utf8");
  const snapshotMatches = hasSnapshot && (await readFile(SNAPSHOT, "utf8")) === schemaText;

  if (sql === null) {
    console.log("No schema changes");
    if (!snapshotMatches) {
      // Comments or formatting only. The drift test wants the snapshot byte-equal to the schema,
      // so outside --check the snapshot follows along; there is still no migration to write.
      if (values.check) console.log("(schema.prisma differs from the snapshot in comments or formatting only)");
      else {
        await copyFile(SCHEMA, SNAPSHOT);
        console.log("Updated prisma/migrations/schema.snapshot.prisma (comments or formatting changed)");
      }
    }
    return 0;
  }

  if (values.check) {
    console.error("prisma/schema.prisma has changes that no migration carries:\n");
    console.error(sql);
    console.error("Create the migration with: npm run db:diff -- --name <snake_case_name>");
    return 1;
  }

  const name = `${utcTimestamp(new Date())}_${values.name}`;
  // Migrations apply in name order, so a new one must sort after every existing one.
  const existing = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const last = existing.at(-1);
  if (last !== undefined && last >= name) {
    console.error(`Migration ${name} would sort before or equal to the existing ${last}; check the clock and try again`);
    return 1;
  }
  const dir = path.join(MIGRATIONS_DIR, name);
  await mkdir(dir);
  await writeFile(path.join(dir, "migration.sql"), sql);
  await copyFile(SCHEMA, SNAPSHOT);
  console.log(`Wrote prisma/migrations/${name}/migration.sql and updated prisma/migrations/schema.snapshot.prisma`);
  return 0;
}

// Run only as a script; the drift test imports diffSchemas.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
