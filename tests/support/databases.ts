import { randomBytes } from "node:crypto";
import pg from "pg";

// Apart from postgres.ts so that test workers can create databases without loading the embedded server.
/** Creates an empty database on the test server and returns its URL. */
export async function createDatabase(adminUrl: string, prefix = "t"): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
