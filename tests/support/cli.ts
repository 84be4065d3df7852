import { spawn } from "node:child_process";
import path from "node:path";
import { expect, inject } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real staff CLI in a child process against the app's database, exactly as
 * `npm run admin` starts it. `env` adds to (or overrides) that environment.
 */
export function runAdmin(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
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

/** Runs a command with --json, expects success and exactly one JSON line on stdout. */
export async function runAdminJson<T = Record<string, unknown>>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const run = await runAdmin([...args, "--json"], env);
  expect(run, `admin ${args.join(" ")}`).toMatchObject({ code: 0 });
  expect(run.stdout.endsWith("\n") && run.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(run.stdout) as T;
}
