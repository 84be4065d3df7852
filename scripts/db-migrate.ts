// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or, when it is unset, to the
// embedded PostgreSQL the server itself would start (same data folder and port).
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { applyMigrations } from "../lib/db/migrate";

// Host and database only: the URL carries the password.
function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `database ${decodeURIComponent(parsed.pathname.slice(1))} on ${parsed.host}`;
  } catch {
    return "the database in DATABASE_URL";
  }
}

async function main(): Promise<void> {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!url) {
    const dataDir = process.env.DATA_DIR ?? ".data";
    const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
    try {
      embedded = await startEmbeddedPostgres({ dataDir, port });
    } catch (error) {
      throw new Error(
        `Could not start the embedded PostgreSQL (data folder ${dataDir}, port ${port}); ` +
          `set DATABASE_URL to migrate another database. Cause: ${String(error)}`,
        { cause: error },
      );
    }
    url = embedded.url;
    console.log(`Using the embedded PostgreSQL in ${dataDir} (port ${port})`);
  }
  try {
    console.log(`Migrating ${describeTarget(url)}`);
    const { applied } = await applyMigrations(url, { log: (message) => console.log(message) });
    console.log(
      applied.length === 0
        ? "No pending migrations: the database is up to date"
        : `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}`,
    );
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  // Not process.exitCode: embedded-postgres hooks "beforeExit" and exits with 0 from there.
  process.exit(1);
});
