import { config } from "../config";
import { processSingleton } from "../process-state";

const embedded = () => processSingleton("embedded-database", () => ({ url: undefined as string | undefined }));

/**
 * The database this process uses: the configured DATABASE_URL, or the embedded PostgreSQL that
 * lib/db/prepare-database.ts started (or found running) under DATA_DIR. Kept out of the environment,
 * so `config()` still tells the two apart (an external database requires APP_SECRET).
 */
export function databaseUrl(): string {
  const url = config().DATABASE_URL ?? embedded().url;
  if (!url) throw new Error("No database: start the app with `npm start`, which provides one, or set DATABASE_URL.");
  return url;
}

/** Records the embedded server's address for `databaseUrl()`; called once the server answers. */
export function useEmbeddedDatabase(url: string): void {
  embedded().url = url;
}
