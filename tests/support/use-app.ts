import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDb } from "../../lib/db/client";
import { type AppProcess, freePort, startAppProcess } from "./app-process";
import { useAppUnderTest } from "./app-under-test";
import { useDatabase } from "./databases";
import { type FakeAnalysisProvider, startFakeAnalysisProvider } from "./fake-analysis-provider";
import { testAppEnv } from "./global-setup";
import { createMigratedDatabase } from "./migrated-database";
import { type SmtpReceiver, startSmtpReceiver } from "./smtp-receiver";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "./worker-process";

/** Fake outside services an app of the file's own can be started against. */
export type Fake = "smtp" | "analysis" | "webhooks";

export interface UseAppOptions {
  /**
   * Settings over tests/support/global-setup.ts `testAppEnv` (and a fresh APP_SECRET). Any option
   * gives the file an app of its own on a database of its own; none, the shared app.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Started in this process before the app, which gets their settings (SMTP_URL, ANALYSIS_*, private webhook receivers). */
  fakes?: readonly Fake[];
  /**
   * `npm run worker` processes to start beside a web-only app (RUN_WORKERS=false); 0 for a web-only
   * app whose jobs wait until a test calls `startWorker()`.
   */
  workers?: number;
  /** Sets APP_URL to the app's own address, for files that follow the links it hands out (mail, events). */
  appUrl?: boolean;
  /** The start of the database's name, to tell files' databases apart. */
  database?: string;
  /** Runs on the new database before the app starts (e.g. to leave what an older deployment left). */
  beforeStart?(databaseUrl: string): Promise<void>;
}

/** An app under test, as `useApp` hands it to a file; read it inside tests and hooks, once it runs. */
export interface TestApp {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** What the app runs with beyond this process's environment (APP_SECRET, APP_URL, the fakes' settings). */
  readonly env: Record<string, string>;
  /** The file's own app process; the shared app has none to hand out. */
  readonly process: AppProcess;
  readonly smtp: SmtpReceiver;
  readonly analysis: FakeAnalysisProvider;
  readonly webhooks: WebhookReceiver;
  /** Workers started so far, in order; afterAll stops those still in it (a test that stops some itself may take them out). */
  readonly workers: WorkerProcess[];
  /** One more `npm run worker` on the app's database and DATA_DIR, stopped with the app. */
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
}

interface Started {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  env: Record<string, string>;
  process?: AppProcess;
  smtp?: SmtpReceiver;
  analysis?: FakeAnalysisProvider;
  webhooks?: WebhookReceiver;
}

/**
 * The app a test file runs against. With no options, the shared app of the global setup; with
 * options, an app of the file's own, started in beforeAll on a copy of the migrated template
 * database (with the fakes and workers asked for) and stopped in afterAll. Either way the file's
 * `call()`, `db()` and `localDriverOfApp()` point at it.
 */
export function useApp(options: UseAppOptions = {}): TestApp {
  const own = Object.values(options).some((value) => value !== undefined);
  let started: Started | undefined;
  const workers: WorkerProcess[] = [];
  const stops: (() => Promise<void>)[] = [];

  const get = <K extends keyof Started>(key: K): NonNullable<Started[K]> => {
    if (!started) throw new Error("the app under test starts in beforeAll: use it inside tests and hooks");
    const value = started[key];
    if (value === undefined) throw new Error(`this file's useApp() has no ${key}`);
    return value as NonNullable<Started[K]>;
  };
  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startWorkerProcess({
      databaseUrl: get("databaseUrl"),
      dataDir: get("dataDir"),
      env: { ...get("env"), ...env },
    });
    workers.push(worker);
    return worker;
  };

  if (own) {
    beforeAll(async () => {
      started = await startOwnApp(options, stops);
      process.env.APP_SECRET = started.env.APP_SECRET;
      await useDatabase(started.databaseUrl);
      useAppUnderTest({ baseUrl: started.baseUrl, dataDir: started.dataDir });
      for (let i = 0; i < (options.workers ?? 0); i++) await startWorker();
    });
    afterAll(async () => {
      for (const worker of workers) await worker.stop();
      await closeDb();
      for (const stop of stops.reverse()) await stop();
    });
  } else {
    started = {
      baseUrl: inject("baseUrl"),
      dataDir: inject("appDataDir"),
      databaseUrl: inject("databaseUrl"),
      env: { ...testAppEnv, APP_SECRET: inject("appSecret") },
    };
  }

  return {
    get baseUrl() {
      return get("baseUrl");
    },
    get dataDir() {
      return get("dataDir");
    },
    get databaseUrl() {
      return get("databaseUrl");
    },
    get env() {
      return get("env");
    },
    get process() {
      return get("process");
    },
    get smtp() {
      return get("smtp");
    },
    get analysis() {
      return get("analysis");
    },
    get webhooks() {
      return get("webhooks");
    },
    workers,
    startWorker,
  };
}

async function startOwnApp(options: UseAppOptions, stops: (() => Promise<void>)[]): Promise<Started> {
  const fakes = new Set(options.fakes ?? []);
  const [databaseUrl, smtp, analysis, webhooks] = await Promise.all([
    createMigratedDatabase(options.database ?? "app"),
    fakes.has("smtp") ? startSmtpReceiver() : undefined,
    fakes.has("analysis") ? startFakeAnalysisProvider() : undefined,
    fakes.has("webhooks") ? startWebhookReceiver() : undefined,
  ]);
  for (const fake of [smtp, analysis, webhooks]) if (fake) stops.push(() => fake.close());
  await options.beforeStart?.(databaseUrl);
  const port = await freePort();
  const env: Record<string, string> = {
    ...testAppEnv,
    APP_SECRET: randomBytes(32).toString("base64url"),
    ...(options.appUrl ? { APP_URL: `http://127.0.0.1:${port}` } : {}),
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...(analysis
      ? { ANALYSIS_API_URL: analysis.baseUrl, ANALYSIS_API_KEY: analysis.apiKey, ANALYSIS_MODEL: analysis.model }
      : {}),
    ...(webhooks ? { WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true" } : {}),
    ...(typeof options.env === "function" ? options.env() : options.env),
  };
  const webOnly: Record<string, string> = options.workers !== undefined ? { RUN_WORKERS: "false" } : {};
  const app = await startAppProcess({ databaseUrl, port, env: { ...env, ...webOnly } });
  stops.push(() => app.stop());
  return { baseUrl: app.baseUrl, dataDir: app.dataDir, databaseUrl, env, process: app, smtp, analysis, webhooks };
}
