import { randomBytes } from "node:crypto";
import pg from "pg";

// Apart from postgres.ts so that test workers can create databases without loading the embedded server.
/**
 * Creates a database on the test server and returns its URL: empty, or a copy of `template`
 * (`CREATE DATABASE ... TEMPLATE`, a file copy, far quicker than migrating an empty one).
 */
export async function createDatabase(adminUrl: string, prefix = "t", options: { template?: string } = {}): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const statement = options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(statement);
        break;
      } catch (error) {
        // 55006: someone is connected to the template. Nothing should be (connections to it are
        // refused), but a copy must not fail a test file for a moment's overlap.
        if ((error as { code?: string }).code !== "55006" || attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await client.end();
  }
  return databaseUrlOf(adminUrl, name);
}

function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Makes the template every test database is copied from: `migrate` brings it up to date, then it
 * is marked a template that takes no connections, since PostgreSQL copies a database only while
 * nobody is connected to it.
 */
export async function createTemplateDatabase(
  adminUrl: string,
  name: string,
  migrate: (databaseUrl: string) => Promise<unknown>,
): Promise<void> {
  const url = databaseUrlOf(adminUrl, name);
  await runSql(adminUrl, `CREATE DATABASE ${name}`);
  await migrate(url);
  await runSql(adminUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
}

/** One statement on its own connection: for databases other than the one lib/db's client uses. */
export async function runSql(databaseUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult["rows"]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Points this process's lib/ at another database: DATABASE_URL set, the configuration read
 * again (it is parsed once per process), and the old pool closed.
 */
export async function useDatabase(url: string): Promise<void> {
  process.env.DATABASE_URL = url;
  const [{ reloadConfig }, { closeDb }] = await Promise.all([import("../../lib/config"), import("../../lib/db/client")]);
  await closeDb();
  reloadConfig();
}
