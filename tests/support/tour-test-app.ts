import { afterAll, beforeAll, inject } from "vitest";
import { closeDb } from "../../lib/db/client";
import { useFakeTourProvider } from "../fixtures/tours";
import { type AppProcess, startAppProcess } from "./app-process";
import { useAppUnderTest } from "./app-under-test";
import { useDatabase } from "./databases";
import { testAppEnv } from "./global-setup";
import { startTourProvider, type TourProviderServer } from "./tour-provider";
import { startTourWorker, type TourWorkerProcess } from "./tour-import-worker-process";
import { createMigratedDatabase } from "./migrated-database";

export interface TourTestApp {
  app: AppProcess;
  provider: TourProviderServer;
  worker: TourWorkerProcess;
  databaseUrl: string;
}

/**
 * A test file's own tour setup: a fresh database, the fake tour provider, a web-only app
 * (RUN_WORKERS=false, production rules, no tour settings at all) and tests/support/
 * tour-import-worker.ts running every job with fetch options admitting only the fake provider.
 * The file's `call()`, `db()`, `localDriverOfApp()` and `tourProvider` all point at them.
 */
export function useTourTestApp(): () => TourTestApp {
  let state: TourTestApp | undefined;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const databaseUrl = await createMigratedDatabase("tours");
    const provider = await startTourProvider();
    stops.push(() => provider.close());
    const env = { ...testAppEnv, APP_SECRET: inject("appSecret") };
    const app = await startAppProcess({ databaseUrl, env: { ...env, RUN_WORKERS: "false" } });
    stops.push(() => app.stop());
    const worker = await startTourWorker({ databaseUrl, dataDir: app.dataDir, provider, env });
    stops.push(() => worker.stop());
    await useDatabase(databaseUrl);
    useAppUnderTest({ baseUrl: app.baseUrl, dataDir: app.dataDir });
    useFakeTourProvider(provider.controlUrl);
    state = { app, provider, worker, databaseUrl };
  });
  afterAll(async () => {
    await closeDb();
    for (const stop of stops.reverse()) await stop();
  });
  return () => {
    if (!state) throw new Error("the tour test app is not started yet");
    return state;
  };
}
