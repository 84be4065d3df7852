import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import http from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../lib/server/build";
import { createDatabase, startTestPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    pgAdminUrl: string;
    appLogFile: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** Settings of the app under test; low enough that limits can be reached in a test. */
export const testAppEnv = {
  RATE_LIMIT_GENERAL: "600",
  RATE_LIMIT_WORKSPACE_CREATE: "40",
  LOG_LEVEL: "info",
  NEXT_TELEMETRY_DISABLED: "1",
};

// node:http without an agent: a fetch here would leave a pooled keep-alive connection in this
// process that holds Vitest open for its whole close timeout.
function probe(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", resolve);
    });
    request.on("error", reject);
  });
}

async function waitForServer(url: string, app: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) break;
    try {
      await probe(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const tail = (await readFile(logFile, "utf8").catch(() => "")).slice(-4000);
  throw new Error(`The app did not start. Its log ends:\n${tail}`);
}

/**
 * Starts a throwaway PostgreSQL and the built app against a fresh database, over real HTTP,
 * exactly as `npm start` runs it; tests reach it at `inject("baseUrl")`.
 */
export default async function setup(project: TestProject) {
  await ensureBuild(root, (line) => process.stderr.write(`${line}\n`));
  const postgres = await startTestPostgres();
  const databaseUrl = await createDatabase(postgres.adminUrl, "app");
  const dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-test-app-"));
  const port = 30000 + Math.floor(Math.random() * 20000);
  const appLogFile = path.join(dataDir, "app.log");
  // A file descriptor rather than pipes: the app writes straight to the log, and no pipe
  // handle in this process outlives it.
  const logFd = openSync(appLogFile, "a");
  const app = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, ...testAppEnv, PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, app, appLogFile);

  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("pgAdminUrl", postgres.adminUrl);
  project.provide("appLogFile", appLogFile);

  return async () => {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (app.exitCode === null) app.kill("SIGKILL");
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
