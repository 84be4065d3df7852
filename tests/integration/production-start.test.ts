import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type AppProcess, demoApiKey, freePort, startAppProcess } from "../support/app-process";
import { testAppEnv } from "../support/global-setup";
import { createDatabase, runSql } from "../support/databases";
import { createMigratedDatabase } from "../support/migrated-database";
import { until } from "../support/until";

/*
 * A production image: the tree built with `npm run build` (the global setup made the build
 * current) and mounted read-only, started on several replicas at once. Each app runs in a mount
 * namespace of its own (`unshare -m`), where the checkout is bind-mounted read-only over itself:
 * a real EROFS, which running as root cannot bypass as it bypasses file modes.
 */

const root = path.resolve(import.meta.dirname, "../..");
const readOnly =
  (extra = "") =>
  (argv: string[]) => [
    "unshare",
    "-m",
    "sh",
    "-c",
    `mount --bind -o ro "${root}" "${root}" ${extra} && exec "$@"`,
    "sh",
    ...argv,
  ];

const apps: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
});

describe("a production start", () => {
  it(
    "serves a current build from a read-only tree on three replicas at once, building nothing",
    { timeout: 180_000 },
    async () => {
      const databaseUrl = await createDatabase(inject("pgAdminUrl"), "readonly");
      const env = { ...testAppEnv, CREATE_DEMO_PARTNER: "false" };
      // Started together on a fresh database: they race to apply migrations and create the job queues.
      const started = await Promise.all([0, 1, 2].map(() => startAppProcess({ databaseUrl, env, wrap: readOnly() })));
      apps.push(...started);
      for (const app of started) {
        expect((await fetch(`${app.baseUrl}/v1/openapi.json`)).status).toBe(200);
        const page = await fetch(`${app.baseUrl}/docs`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("swagger");
        const log = await until("the start to finish", async () => {
          const text = await readFile(app.logFile, "utf8");
          return text.includes("Walkthrough is serving") ? text : undefined;
        });
        expect(log).not.toMatch(/next build/i);
      }
    },
  );

  it(
    "saves the partner API usage it counted when stopped by SIGTERM, long before the next flush",
    { timeout: 120_000 },
    async () => {
      const databaseUrl = await createMigratedDatabase("usagestop");
      const app = await startAppProcess({
        databaseUrl,
        env: { ...testAppEnv, CREATE_DEMO_PARTNER: "true", USAGE_FLUSH_SECONDS: "300" },
      });
      apps.push(app);
      // The stop on SIGTERM is set up once the start has finished, workers included.
      await until("the start to finish", async () =>
        (await readFile(app.logFile, "utf8")).includes("Walkthrough is serving") ? true : undefined,
      );
      const key = await demoApiKey(app);
      for (let call = 0; call < 3; call += 1) {
        const response = await fetch(`${app.baseUrl}/v1/workspaces/${encodeURIComponent(`no-such-${call}`)}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(response.status).toBe(404);
        await response.arrayBuffer();
      }
      await app.stop();
      const rows = await runSql(databaseUrl, "SELECT status, error_code, count::int AS count FROM api_usage_day");
      expect(rows).toEqual([{ status: 404, error_code: "workspace_not_provisioned", count: 3 }]);
    },
  );

  it(
    "refuses to start on a read-only tree without a current build, saying how to build the image",
    { timeout: 120_000 },
    async () => {
      const databaseUrl = await createMigratedDatabase("nobuild");
      const dataDir = await mkdtemp(path.join(tmpdir(), "walkthrough-nobuild-"));
      const emptyBuild = await mkdtemp(path.join(tmpdir(), "walkthrough-empty-next-"));
      try {
        // The build folder is hidden behind an empty one: as if the image was made without `npm run build`.
        const argv = readOnly(`&& mount --bind -o ro "${emptyBuild}" "${root}/.next"`)([
          process.execPath,
          path.join(root, "node_modules/tsx/dist/cli.mjs"),
          "scripts/start.ts",
        ]);
        const port = await freePort();
        const run = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
          const child = spawn(argv[0]!, argv.slice(1), {
            cwd: root,
            env: { ...process.env, ...testAppEnv, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port) },
            stdio: ["ignore", "pipe", "pipe"],
          });
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
          child.on("error", reject);
          child.on("close", (code) => resolve({ code, output }));
        });
        expect(run.code).toBe(1);
        expect(run.output).toMatch(/no current build .* the source tree is read-only \(EROFS\)/);
        expect(run.output).toMatch(/npm ci && npm run build/);
        expect(run.output).not.toMatch(/Running next build|Embedded PostgreSQL|serving/);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        await rm(emptyBuild, { recursive: true, force: true });
      }
    },
  );
});
