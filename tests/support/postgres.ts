import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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

export { createDatabase } from "./databases";
