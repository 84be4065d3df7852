import { spawn } from "node:child_process";
import path from "node:path";
import { expect, inject } from "vitest";
import { type CliOutput, runCli } from "../../lib/cli/run-cli";

const root = path.resolve(import.meta.dirname, "../..");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function buffer(): CliOutput & { text: string } {
  return {
    text: "",
    write(text, done) {
      this.text += text;
      done();
      return true;
    },
  };
}

/**
 * The staff CLI run inside the test process (lib/cli/run-cli.ts), on the database the test's
 * lib/db uses, which it leaves open. `env` adds to (or overrides) the test process's environment
 * for the command; its DATABASE_URL, if given, must be the one the test uses (`useDatabase`).
 */
export async function runAdmin(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const stdout = buffer();
  const stderr = buffer();
  const code = await runCli(args, { stdout, stderr, env: { ...process.env, LOG_LEVEL: "warn", ...env }, database: "shared" });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * The real staff CLI in a child process, exactly as `npm run admin` starts it: for exit codes,
 * the entry point, and opening a database of its own. `env` adds to (or overrides) the test
 * process's environment, on the suite's database unless it names another.
 */
export function spawnAdmin(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: inject("databaseUrl"), LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Expects success and exactly one JSON line on stdout, and answers it parsed. */
export function expectJsonLine<T = Record<string, unknown>>(run: CliRun, args: string[]): T {
  expect(run, `admin ${args.join(" ")}: ${run.stderr}`).toMatchObject({ code: 0 });
  expect(run.stdout.endsWith("\n") && run.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(run.stdout) as T;
}

/** Runs a command with --json in process, expects success and exactly one JSON line on stdout. */
export async function runAdminJson<T = Record<string, unknown>>(args: string[], env: Record<string, string> = {}): Promise<T> {
  return expectJsonLine<T>(await runAdmin([...args, "--json"], env), args);
}
