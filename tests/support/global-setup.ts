import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../lib/server/build";
import { startAppProcess } from "./app-process";
import { createDatabase, startTestPostgres } from "./postgres";
import { startTourProvider } from "./tour-provider";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    pgAdminUrl: string;
    appLogFile: string;
    /** The app's DATA_DIR: media tests write objects where the app's /media route reads them. */
    appDataDir: string;
    /** The fake tour provider's control server (tests/support/tour-provider.ts). */
    tourProviderControlUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** Settings of the app under test; low enough that limits can be reached in a test. */
export const testAppEnv = {
  RATE_LIMIT_GENERAL: "600",
  RATE_LIMIT_WORKSPACE_CREATE: "40",
  LOG_LEVEL: "info",
  NEXT_TELEMETRY_DISABLED: "1",
  // The failure tests read the demo partner's key from DATA_DIR.
  CREATE_DEMO_PARTNER: "true",
};

/**
 * Starts a throwaway PostgreSQL and the built app against a fresh database, over real HTTP,
 * exactly as `npm start` runs it; tests reach it at `inject("baseUrl")`.
 */
export default async function setup(project: TestProject) {
  await ensureBuild(root, (line) => process.stderr.write(`${line}\n`));
  const postgres = await startTestPostgres();
  const databaseUrl = await createDatabase(postgres.adminUrl, "app");
  const tourProvider = await startTourProvider();
  const tourEnv = {
    TOUR_API_URL: tourProvider.apiUrl,
    TOUR_API_TOKEN_ID: tourProvider.tokenId,
    TOUR_API_TOKEN_SECRET: tourProvider.tokenSecret,
    // Node's own way to trust one more CA; the app has no switch of its own for it.
    NODE_EXTRA_CA_CERTS: tourProvider.caFile,
  };
  const app = await startAppProcess({ databaseUrl, env: { ...testAppEnv, ...tourEnv } }).catch(async (error: unknown) => {
    await tourProvider.close();
    await postgres.stop();
    throw error;
  });

  project.provide("baseUrl", app.baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("pgAdminUrl", postgres.adminUrl);
  project.provide("appLogFile", app.logFile);
  project.provide("appDataDir", app.dataDir);
  project.provide("tourProviderControlUrl", tourProvider.controlUrl);

  return async () => {
    await app.stop();
    await tourProvider.close();
    await postgres.stop();
  };
}
