import { generateKeyPairSync, randomBytes } from "node:crypto";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../lib/server/build";
import { applyMigrations } from "../../lib/db/migrate";
import { startAppProcess } from "./app-process";
import { createDatabase, createTemplateDatabase } from "./databases";
import { startTestPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** The app's APP_SECRET, required with an external database; test code signs and decrypts with it too. */
    appSecret: string;
    /** The app's EVIDENCE_SIGNING_KEY (PKCS#8 PEM), required with an external database like APP_SECRET. */
    evidenceSigningKey: string;
    pgAdminUrl: string;
    /** The migrated database every test database is copied from (tests/support/migrated-database.ts). */
    templateDatabase: string;
    appLogFile: string;
    /** The app's DATA_DIR: media tests write objects where the app's /media route reads them. */
    appDataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const templateDatabase = "walkthrough_template";

/** Settings of the app under test; low enough that limits can be reached in a test. */
export const testAppEnv = {
  RATE_LIMIT_GENERAL: "600",
  RATE_LIMIT_WORKSPACE_CREATE: "40",
  // Every test calls from 127.0.0.1 and the security cases send bad keys by the hundred; the
  // limit itself is tested on an app of its own (tests/integration/front-door.test.ts).
  RATE_LIMIT_UNAUTHENTICATED: "100000",
  // Every test signs in from 127.0.0.1; the sign-in limits are tested in tests/integration/people.test.ts.
  RATE_LIMIT_SIGN_IN_ADDRESS: "100000",
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
  // Migrated once here; every app then starts on a copy and finds nothing to apply.
  await createTemplateDatabase(postgres.adminUrl, templateDatabase, (url) =>
    applyMigrations(url, { migrationsDir: path.join(root, "prisma/migrations"), log: () => undefined }),
  ).catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });
  const databaseUrl = await createDatabase(postgres.adminUrl, "app", { template: templateDatabase });
  const appSecret = randomBytes(32).toString("base64url");
  const evidenceSigningKey = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const app = await startAppProcess({
    databaseUrl,
    env: { ...testAppEnv, APP_SECRET: appSecret, EVIDENCE_SIGNING_KEY: evidenceSigningKey },
  }).catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });

  project.provide("baseUrl", app.baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("appSecret", appSecret);
  project.provide("evidenceSigningKey", evidenceSigningKey);
  project.provide("pgAdminUrl", postgres.adminUrl);
  project.provide("templateDatabase", templateDatabase);
  project.provide("appLogFile", app.logFile);
  project.provide("appDataDir", app.dataDir);

  return async () => {
    await app.stop();
    await postgres.stop();
  };
}
