// `npm run bench` runs every scenario in bench/scenarios/ in file-name order;
// `npm run bench -- <name> [<name>...]` runs only those. One throwaway PostgreSQL serves them all.
// Before any server code: lets its `import "server-only"` load outside Next (see the file).
import "../scripts/allow-server-only";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { applyMigrations } from "../lib/db/migrate";
import { ensureBuild } from "../lib/server/build";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { createDatabase, startTestPostgres, type TestPostgres } from "../tests/support/postgres";
import { appendResult, type BenchContext, formatTable, type MachineFacts, machineFacts, type Scenario } from "./harness";

const root = path.resolve(import.meta.dirname, "..");
const scenariosDir = path.join(root, "bench", "scenarios");
const resultsFile = path.join(root, "bench", "results", "latest.json");

// Seeding through lib/ in this process should not print a line per query or job.
process.env.LOG_LEVEL ??= "warn";
// Every database here is external, which requires APP_SECRET; seeding in this process and the apps
// it starts (they inherit the environment) share this one.
process.env.APP_SECRET ??= randomBytes(32).toString("base64url");
// And EVIDENCE_SIGNING_KEY, for the same reason.
process.env.EVIDENCE_SIGNING_KEY ??= generateKeyPairSync("ed25519")
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

const say = (line: string) => console.log(line);

function isScenario(value: unknown): value is Scenario {
  const candidate = value as Partial<Scenario> | undefined;
  return typeof candidate?.name === "string" && typeof candidate.description === "string" && typeof candidate.run === "function";
}

async function loadScenarios(): Promise<Scenario[]> {
  const files = (await readdir(scenariosDir)).filter((file) => /\.ts$/.test(file) && !file.endsWith(".d.ts")).sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const loaded = (await import(pathToFileURL(path.join(scenariosDir, file)).href)) as Record<string, unknown>;
    const scenario = loaded.default ?? loaded;
    if (!isScenario(scenario)) throw new Error(`bench/scenarios/${file} does not export { name, description, run }`);
    scenarios.push(scenario);
  }
  return scenarios;
}

function select(all: Scenario[], names: string[]): Scenario[] {
  if (names.length === 0) return all;
  const unknown = names.filter((name) => !all.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    const known = all.map((scenario) => `  ${scenario.name}: ${scenario.description}`).join("\n");
    throw new Error(`Unknown scenario ${unknown.join(", ")}. Scenarios:\n${known}`);
  }
  return all.filter((scenario) => names.includes(scenario.name));
}

// BENCH_CPU_PROFILE_DIR=<dir>: every app process writes <dir>/<pid>.cpuprofile when it stops.
function profiling(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir) return {};
  const preload = pathToFileURL(path.join(root, "bench", "cpu-profile.mjs")).href;
  return {
    BENCH_CPU_PROFILE_DIR: path.resolve(dir),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${preload}`.trim(),
  };
}

let reported = 0;

type Cleanup = () => Promise<void> | void;
// The running scenario's cleanups, also run on Ctrl-C so no app or server outlives the bench.
let cleanups: Cleanup[] = [];

async function runCleanups(): Promise<void> {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const cleanup of pending) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => console.error(`cleanup failed: ${String(error)}`));
  }
}

async function runScenario(scenario: Scenario, postgres: TestPostgres, machine: MachineFacts): Promise<boolean> {
  cleanups = [];
  const ctx: BenchContext = {
    root,
    scenario: scenario.name,
    machine,
    pgAdminUrl: postgres.adminUrl,
    async createDatabase(prefix = "bench") {
      const url = await createDatabase(postgres.adminUrl, prefix);
      await applyMigrations(url, { migrationsDir: path.join(root, "prisma", "migrations"), log: () => undefined });
      return url;
    },
    async startApp(databaseUrl, env = {}) {
      const app: AppProcess = await startAppProcess({
        databaseUrl,
        env: { NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "info", ...profiling(), ...env },
      });
      cleanups.push(() => app.stop());
      return app;
    },
    onCleanup(fn) {
      cleanups.push(fn);
    },
    async report(rows, options = {}) {
      const title = options.title ?? scenario.name;
      const notes = options.notes ?? [];
      say(`\n${title}\n${formatTable(rows)}`);
      for (const note of notes) say(`  ${note}`);
      await appendResult(resultsFile, { scenario: scenario.name, title, at: new Date().toISOString(), machine, rows, notes });
      reported++;
    },
    log(line) {
      say(`  [${scenario.name}] ${line}`);
    },
  };

  say(`\n== ${scenario.name}: ${scenario.description}`);
  const started = Date.now();
  try {
    await scenario.run(ctx);
    say(`== ${scenario.name} done in ${Math.round((Date.now() - started) / 1000)} s`);
    return true;
  } catch (error) {
    console.error(`\n!! ${scenario.name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return false;
  } finally {
    await runCleanups();
  }
}

async function main(): Promise<number> {
  const scenarios = select(await loadScenarios(), process.argv.slice(2));
  const machine = machineFacts(root);
  say(
    `machine: ${machine.cpus} cpus (${machine.cpuModel}), ${machine.memoryGiB} GiB, node ${machine.node}, ` +
      `${machine.platform}, commit ${machine.commit ?? "unknown"}`,
  );

  await ensureBuild(root, (line) => say(`[build] ${line}`));
  const postgres = await startTestPostgres();
  let stopping = false;
  const interrupt = (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${reason}: stopping the servers and PostgreSQL`);
    void runCleanups()
      .then(() => postgres.stop())
      .finally(() => process.exit(reason.startsWith("SIG") ? 130 : 1));
  };
  process.once("SIGINT", () => interrupt("SIGINT"));
  process.once("SIGTERM", () => interrupt("SIGTERM"));
  // A throw in some callback must not leave the servers and PostgreSQL running either.
  process.on("uncaughtException", (error) => {
    console.error(error);
    interrupt("uncaught exception");
  });

  const failed: string[] = [];
  try {
    for (const scenario of scenarios) {
      if (!(await runScenario(scenario, postgres, machine))) failed.push(scenario.name);
    }
  } finally {
    await postgres.stop();
  }
  if (reported > 0) say(`\n${reported} result(s) appended to ${path.relative(root, resultsFile)}`);
  if (failed.length > 0) console.error(`failed: ${failed.join(", ")}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
