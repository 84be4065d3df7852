import type { Config } from "../config";
import { startEmbeddedPostgres } from "./embedded";
import { assertByteOrderCollation } from "./collation";
import { databaseUrl, useEmbeddedDatabase } from "./database-url";
import { applyMigrations } from "./migrate";

/**
 * Uses the configured DATABASE_URL, or starts (or finds running) an embedded PostgreSQL under
 * DATA_DIR when none is configured, and brings its schema up to date. Returns how to stop what
 * it started.
 */
export async function prepareDatabase(config: Config, say: (line: string) => void): Promise<() => Promise<void>> {
  let stop: () => Promise<void> = async () => {};
  if (!config.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT });
    useEmbeddedDatabase(embedded.url);
    say(`Embedded PostgreSQL on port ${config.EMBEDDED_POSTGRES_PORT}, files in ${config.DATA_DIR}/postgres`);
    stop = () => embedded.stop();
  }
  try {
    await assertByteOrderCollation(databaseUrl());
    const { applied } = await applyMigrations(databaseUrl(), { log: say });
    if (applied.length > 0) say(`Applied ${applied.length} migration(s)`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
