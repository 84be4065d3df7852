// Test code only; production never imports it (`npm run worker` runs the real jobs).
// A job worker running every production job, with the `import-baseline` job's tour imports
// given fetch options that admit exactly the fake tour provider's address (tour-provider.ts),
// so a tour PUT to a web-only app (RUN_WORKERS=false) is imported by the production job code
// while the app itself keeps the production rules. Photo imports keep the production defaults.
//
//   DATABASE_URL=... DATA_DIR=<the app's> NODE_EXTRA_CA_CERTS=<ca file> \
//   TOUR_API_TOKEN_ID=... TOUR_API_TOKEN_SECRET=... \
//     tsx tests/support/tour-import-worker.ts --api-url <url> --port <port> --ca-file <pem>
//
// NODE_EXTRA_CA_CERTS is for the listing call (fetch() to TOUR_API_URL, set by the operator);
// image downloads trust the CA through their fetch options only. Start it with
// tour-import-worker-process.ts.
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "../../scripts/allow-server-only";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { config } from "../../lib/config";
import { closeDb } from "../../lib/db/client";
import { startWorkers, stopWorkers } from "../../lib/jobs/worker";
import { defineImportBaselineJob } from "../../lib/jobs/definitions/import-baseline";
import { jobRegistry } from "../../lib/jobs/registry";
import { fetchTempDir } from "../../lib/media/data-dir-layout";
import { mediaStorage } from "../../lib/media/media-storage";
import { graphqlTourProvider } from "../../lib/tours/graphql-tour-provider";
import { tourFetchOptions } from "./tour-provider";
import { tourWorkerReadyLine } from "./tour-import-worker-process";

const say = (line: string) => process.stderr.write(`[tour-import-worker] ${line}\n`);

const { values } = parseArgs({
  options: { "api-url": { type: "string" }, port: { type: "string" }, "ca-file": { type: "string" } },
});

async function main(): Promise<void> {
  const apiUrl = values["api-url"];
  const port = Number(values.port);
  const caFile = values["ca-file"];
  if (!apiUrl || !Number.isInteger(port) || !caFile) throw new Error("--api-url, --port and --ca-file are required");
  const settings = config();
  const provider = graphqlTourProvider({
    apiUrl,
    tokenId: settings.TOUR_API_TOKEN_ID,
    tokenSecret: settings.TOUR_API_TOKEN_SECRET,
    fetchOptions: tourFetchOptions({ port, ca: readFileSync(caFile, "utf8") }),
  });
  const imports = defineImportBaselineJob({
    tours: { provider, storage: mediaStorage(), tempDir: fetchTempDir(settings.DATA_DIR) },
  });
  await startWorkers(jobRegistry.map((job) => (job.queue === imports.queue ? imports : job)));
  say(tourWorkerReadyLine);

  const stop = async () => {
    await stopWorkers();
    await closeDb();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  say(`could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
