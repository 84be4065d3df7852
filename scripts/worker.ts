// `npm run worker`: job workers alone, for deployments that scale web and workers apart
// (set RUN_WORKERS=false on the web processes).
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "./allow-server-only";
import { ConfigError, parseConfig } from "../lib/config";
import { closeDb } from "../lib/db/client";
import { survivesOutages } from "../lib/errors/outage-guard";
import { startWorkers, stopWorkers } from "../lib/jobs/worker";
import { prepareDatabase } from "../lib/db/prepare-database";
import { sweepTempFilesAtStart } from "../lib/server/sweep-temp-files";
import { saveUsageBeforeExit } from "../lib/usage/usage-counter";
import { VideoToolsError, videoTools } from "../lib/video/binaries";

const say = (line: string) => process.stderr.write(`[walkthrough-worker] ${line}\n`);

async function main(): Promise<void> {
  // A database or store outage is waited out, not a reason to exit (lib/errors/outage-guard.ts).
  survivesOutages();
  const config = parseConfig();
  await sweepTempFilesAtStart(config.DATA_DIR, say);
  // Workers seal videos: a bad FFMPEG_PATH stops the start rather than the first seal.
  const tools = videoTools();
  say(`Videos are sealed with the ${tools.origin} ffmpeg (${tools.ffmpeg})`);
  const stopDatabase = await prepareDatabase(config, say);
  await startWorkers();
  say("Workers running");
  const stop = async (signal: string) => {
    say(`${signal}: finishing running jobs`);
    await stopWorkers();
    await saveUsageBeforeExit();
    await closeDb();
    await stopDatabase();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  say(error instanceof ConfigError || error instanceof VideoToolsError ? error.message : `Could not start: ${String(error)}`);
  process.exit(1);
});
