import type { Config } from "../config";
import { startEmbeddedPostgres } from "../db/embedded";
import { assertByteOrderCollation } from "../db/collation";
import { applyMigrations } from "../db/migrate";

/**
 * Points DATABASE_URL at the configured server, or at an embedded one under DATA_DIR when
 * none is configured, and brings its schema up to date. Returns how to stop what it started.
 */
export async function prepareDatabase(config: Config, say: (line: string) => void): Promise<() => Promise<void>> {
  let stop: () => Promise<void> = async () => {};
  if (!config.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT });
    process.env.DATABASE_URL = embedded.url;
    say(`Embedded PostgreSQL on port ${config.EMBEDDED_POSTGRES_PORT}, files in ${config.DATA_DIR}/postgres`);
    stop = () => embedded.stop();
  }
  try {
    await assertByteOrderCollation(process.env.DATABASE_URL!);
    const { applied } = await applyMigrations(process.env.DATABASE_URL!, { log: say });
    if (applied.length > 0) say(`Applied ${applied.length} migration(s)`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
