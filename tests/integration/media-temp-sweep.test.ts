import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess, stopProcess } from "../support/app-process";
import { testAppEnv } from "../support/global-setup";
import { createMigratedDatabase } from "../support/migrated-database";

const root = path.resolve(import.meta.dirname, "../..");
const hour = 3_600_000;

/** Crash leftovers (over an hour old) and a live process's files (minutes old) in both temp folders. */
async function leaveTempFiles(dataDir: string): Promise<{ stale: string[]; live: string[] }> {
  const put = async (file: string, ageMs: number) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, "partial bytes");
    const when = new Date(Date.now() - ageMs);
    await utimes(file, when, when);
    if (path.basename(file) === "body") await utimes(path.dirname(file), when, when);
    return file;
  };
  const stale = [
    await put(path.join(dataDir, "media/tmp/0b7c-crashed-put"), 2 * hour),
    await put(path.join(dataDir, "media-spool/media-upload-crashed/body"), 26 * hour),
  ];
  const live = [
    await put(path.join(dataDir, "media/tmp/9f1e-in-flight"), 10 * 60_000),
    await put(path.join(dataDir, "media-spool/media-upload-in-flight/body"), 60_000),
  ];
  return { stale, live };
}

/** `npm run worker` as it runs, until it says its workers run; its stderr collected. */
async function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes("Workers running")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output };
}

describe("temporary files left by a crash", () => {
  let dataDir: string;
  let databaseUrl: string;
  let worker: ChildProcess | undefined;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-test-sweep-"));
    databaseUrl = await createMigratedDatabase("sweep");
  });

  afterAll(async () => {
    if (worker) await stopProcess(worker);
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("are removed when `npm run worker` starts, younger ones kept, and the count is logged", async () => {
    const { stale, live } = await leaveTempFiles(dataDir);
    const started = await startWorker({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    worker = started.child;
    for (const file of stale) expect(existsSync(file), file).toBe(false);
    for (const file of live) expect(existsSync(file), file).toBe(true);
    expect(started.output()).toContain(
      "Removed 2 temporary file(s) older than 1 h left by an earlier process (media/tmp: 1, media-spool: 1)",
    );
    expect(started.output()).not.toContain(dataDir);
    await stopProcess(worker);
    worker = undefined;
  });

  it("are removed when `npm start` starts, younger ones kept, and the count is logged", async () => {
    await rm(path.join(dataDir, "media"), { recursive: true, force: true });
    await rm(path.join(dataDir, "media-spool"), { recursive: true, force: true });
    const { stale, live } = await leaveTempFiles(dataDir);
    app = await startAppProcess({ databaseUrl, env: testAppEnv, dataDir });
    for (const file of stale) expect(existsSync(file), file).toBe(false);
    for (const file of live) expect(existsSync(file), file).toBe(true);
    const log = await readFile(app.logFile, "utf8");
    expect(log).toContain("Removed 2 temporary file(s) older than 1 h left by an earlier process (media/tmp: 1, media-spool: 1)");
  });
});
