import { afterAll, beforeAll } from "vitest";
import { useFakeTourProvider } from "../fixtures/tours";
import { type AppProcess } from "./app-process";
import { startTourProvider, type TourProviderServer } from "./tour-provider";
import { startTourWorker, type TourWorkerProcess } from "./tour-import-worker-process";
import { useApp } from "./use-app";

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
  let provider: TourProviderServer | undefined;
  let worker: TourWorkerProcess | undefined;
  beforeAll(async () => {
    provider = await startTourProvider();
  });
  afterAll(async () => {
    await provider?.close();
  });
  const app = useApp({ workers: 0, database: "tours" });
  beforeAll(async () => {
    worker = await startTourWorker({ databaseUrl: app.databaseUrl, dataDir: app.dataDir, provider: provider!, env: app.env });
    useFakeTourProvider(provider!.controlUrl);
  });
  afterAll(async () => {
    await worker?.stop();
  });
  return () => {
    if (!provider || !worker) throw new Error("the tour test app is not started yet");
    return { app: app.process, provider, worker, databaseUrl: app.databaseUrl };
  };
}
