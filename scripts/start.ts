// `npm start` (and `npm run dev` with --dev): database, migrations, build when stale, the web
// server and the job workers in one process, and a clean stop on SIGTERM/SIGINT.
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "./allow-server-only";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { type Config, ConfigError, parseConfig } from "../lib/config";
import { closeDb } from "../lib/db/client";
import { survivesOutages } from "../lib/errors/outage-guard";
import { startWorkers, stopWorkers } from "../lib/jobs/worker";
import { ensureDemoPartner } from "../lib/partners/ensure-demo-partner";
import { createApiDispatch } from "../lib/server/api-dispatch";
import { createBrotliAssetDispatch } from "../lib/server/brotli-assets";
import { BuildUnavailableError, ensureBuild } from "../lib/server/build";
import { prepareDatabase } from "../lib/db/prepare-database";
import { createFrontDoor } from "../lib/server/front-door";
import { createMediaDispatch } from "../lib/server/media-dispatch";
import { sweepTempFilesAtStart } from "../lib/server/sweep-temp-files";
import { saveUsageBeforeExit } from "../lib/usage/usage-counter";
import { VideoToolsError, videoTools } from "../lib/video/binaries";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const say = (line: string) => process.stderr.write(`[walkthrough] ${line}\n`);

async function main(): Promise<void> {
  // A database or store outage is waited out, not a reason to exit (lib/errors/outage-guard.ts).
  survivesOutages();
  const config = parseConfig();
  // First: a start that cannot have a build (a read-only tree without one) stops before anything starts.
  if (!dev) await ensureBuild(root, say);
  await sweepTempFilesAtStart(config.DATA_DIR, say);
  const stopDatabase = await prepareDatabase(config, say);
  try {
    await serve(config, stopDatabase);
  } catch (error) {
    // A start that fails part-way must not leave the embedded PostgreSQL running.
    await closeDb().catch(() => undefined);
    await stopDatabase();
    throw error;
  }
}

async function serve(config: Config, stopDatabase: () => Promise<void>): Promise<void> {
  // Before listening, so the key works from the first request the server answers.
  const demo = config.CREATE_DEMO_PARTNER ? await ensureDemoPartner(config.DATA_DIR) : undefined;

  const app = next({ dev, dir: root, hostname: "0.0.0.0", port: config.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Production answers /v1 with the route files' own handlers, without Next's per-request
  // machinery (lib/server/api-dispatch.ts), and /media links with their Content-Length intact
  // (lib/server/media-dispatch.ts), and the build's scripts and styles in brotli to a browser
  // that takes it (lib/server/brotli-assets.ts); dev keeps Next's routes and hot reload.
  const dispatchers = dev
    ? []
    : [
        createApiDispatch(config.APP_URL),
        createMediaDispatch(config.APP_URL),
        await createBrotliAssetDispatch(path.join(root, ".next")),
      ];
  // Before any router: what must hold for every request (lib/server/front-door.ts).
  const frontDoor = createFrontDoor({ appUrl: config.APP_URL, trustedProxyHops: config.TRUSTED_PROXY_HOPS });
  const server = createServer((req, res) => {
    if (frontDoor(req, res)) return;
    if (!dispatchers.some((dispatch) => dispatch(req, res))) void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.PORT, resolve));

  // From the first request answered, a stop is a clean one (requests finished, usage saved, the
  // database closed), even while the workers are still starting.
  let workersStarted: Promise<void> = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: finishing in-flight requests and jobs`);
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    await workersStarted.catch(() => undefined);
    await stopWorkers();
    await closed;
    await app.close?.();
    // After the last request has answered, so every one of them is counted.
    await saveUsageBeforeExit();
    await closeDb();
    await stopDatabase();
    say("Stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  if (config.RUN_WORKERS) {
    // Workers seal videos: a bad FFMPEG_PATH stops the start rather than the first seal.
    const tools = videoTools();
    say(`Videos are sealed with the ${tools.origin} ffmpeg (${tools.ffmpeg})`);
    workersStarted = startWorkers();
    await workersStarted;
  }

  if (demo) {
    say(`Created a demo partner. Its API key is shown once here and kept in ${demo.file}:`);
    process.stdout.write(`${demo.apiKey}\n`);
  }

  say(
    `Walkthrough is serving ${config.APP_URL} (${dev ? "development" : "production"}; workers ${config.RUN_WORKERS ? "on" : "off"})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BuildUnavailableError || error instanceof VideoToolsError)
    say(error.message);
  else say(`Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
