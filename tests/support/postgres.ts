import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../lib/db/embedded";

export interface TestPostgres {
  /** URL of the server's maintenance database; use it to create databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** One throwaway PostgreSQL server in a temporary folder, on a free port. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-test-pg-"));
  // Run as root, PostgreSQL runs as its own user, which must be able to enter this folder.
  await chmod(dataDir, 0o755);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = await startEmbeddedPostgres({ dataDir, port, database: "postgres" });
  return {
    adminUrl: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

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
