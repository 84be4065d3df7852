import type { TourProviderServer } from "./tour-provider";
import { startWorker, type WorkerProcess } from "./worker-process";

/** What tests/support/tour-import-worker.ts prints once its workers take jobs. */
export const tourWorkerReadyLine = "tour-import-worker: taking jobs";

export type TourWorkerProcess = WorkerProcess;

export interface StartTourWorkerOptions {
  databaseUrl: string;
  /** The app's DATA_DIR: images are stored where its /media route reads them. */
  dataDir: string;
  provider: TourProviderServer;
  /** Added to the worker's environment (APP_SECRET, LOG_LEVEL...). */
  env?: Record<string, string>;
}

/** Starts the tour import worker as its own process group and resolves once it takes jobs. */
export function startTourWorker(options: StartTourWorkerOptions): Promise<TourWorkerProcess> {
  const { provider } = options;
  return startWorker({
    script: "tests/support/tour-import-worker.ts",
    args: ["--api-url", provider.apiUrl, "--port", String(provider.port), "--ca-file", provider.caFile],
    env: {
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      TOUR_API_URL: provider.apiUrl,
      TOUR_API_TOKEN_ID: provider.tokenId,
      TOUR_API_TOKEN_SECRET: provider.tokenSecret,
      NODE_EXTRA_CA_CERTS: provider.caFile,
    },
    readyLine: tourWorkerReadyLine,
  });
}
