import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "../support/api";
import { type AppProcess, demoApiKey, startAppProcess } from "../support/app-process";
import { expectJsonLine, spawnAdmin } from "../support/cli";
import { testAppEnv } from "../support/global-setup";
import { runSql } from "../support/databases";
import { items, snapshot } from "../fixtures/roster";
import { createMigratedDatabase } from "../support/migrated-database";

/*
 * Failures are caused for real on app instances of their own (their own database), so
 * that breaking a table or killing a server never disturbs the shared app other files use.
 */

describe("a failing dependency", () => {
  let app: AppProcess;
  let databaseUrl: string;
  let key: string;
  beforeAll(async () => {
    databaseUrl = await createMigratedDatabase("broken");
    app = await startAppProcess({ databaseUrl, env: testAppEnv });
    key = await demoApiKey(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 503 service_unavailable when the key store fails, and recovers when it is back", async () => {
    await runSql(databaseUrl, "ALTER TABLE api_key RENAME TO api_key_unavailable");
    try {
      const error = expectError(await call("GET", `${app.baseUrl}/v1/workspaces/x`, { key }), 503, "service_unavailable");
      expect(error.message).toMatch(/not a key problem/i);
    } finally {
      await runSql(databaseUrl, "ALTER TABLE api_key_unavailable RENAME TO api_key");
    }
    expectError(await call("GET", `${app.baseUrl}/v1/workspaces/x`, { key }), 404, "workspace_not_provisioned");
  });

  it("answers 503 service_unavailable for a return_url while the allowlist cannot be read", async () => {
    const workspaceId = `allow-${randomUUID().slice(0, 8)}`;
    await call("POST", `${app.baseUrl}/v1/workspaces`, { key, body: { workspace_id: workspaceId, name: "Allow" } });
    const query = { workspace_id: workspaceId, task_id: "t1", property_id: "p1", return_url: "https://app.example.com/" };
    await runSql(databaseUrl, "ALTER TABLE allowlist_entry RENAME TO allowlist_entry_unavailable");
    try {
      expectError(await call("GET", `${app.baseUrl}/v1/recording-link`, { key, query }), 503, "service_unavailable");
    } finally {
      await runSql(databaseUrl, "ALTER TABLE allowlist_entry_unavailable RENAME TO allowlist_entry");
    }
    // Readable again: the URL is judged (not on this partner's empty list).
    const answer = await call("GET", `${app.baseUrl}/v1/recording-link`, { key, query });
    expect(expectError(answer, 400, "invalid_request").detail).toEqual({ parameter: "return_url", reason: "not_allowed" });
  });

  it("keeps limiting on each process's own counts while the rate-limit store is down", async () => {
    const limit = Number(testAppEnv.RATE_LIMIT_WORKSPACE_CREATE);
    // Windows are fixed minutes (the app's clock is this machine's). Calls that straddled two are
    // made again, as a partner of its own (the bucket is per partner), whose counts start afresh.
    const windowNow = () => Math.floor(Date.now() / 60_000);
    let creator = key;
    let answers: number[] = [];
    for (;;) {
      const window = windowNow();
      answers = [];
      await runSql(databaseUrl, "ALTER TABLE rate_limit_window RENAME TO rate_limit_window_unavailable");
      try {
        for (let i = 0; i <= limit; i++) {
          const body = { workspace_id: `limited-${randomUUID()}`, name: "Limited" };
          answers.push((await call("POST", `${app.baseUrl}/v1/workspaces`, { key: creator, body })).status);
        }
      } finally {
        await runSql(databaseUrl, "ALTER TABLE rate_limit_window_unavailable RENAME TO rate_limit_window");
      }
      if (windowNow() === window) break;
      const args = ["partner", "create", "--name", `Limited ${randomUUID().slice(0, 8)}`, "--json"];
      creator = expectJsonLine<{ api_key: string }>(await spawnAdmin(args, { DATABASE_URL: databaseUrl }), args).api_key;
    }
    expect(answers.slice(0, limit).every((status) => status === 201)).toBe(true);
    expect(answers[limit]).toBe(429);
    const log = await readFile(app.logFile, "utf8");
    expect(log).toMatch(/rate limit store unavailable; limiting on this process's counts/);
  });

  it("answers 500 internal_error with nothing internal in it, and logs the failure under the request id", async () => {
    await runSql(databaseUrl, "ALTER TABLE workspace RENAME TO workspace_unavailable");
    let answer;
    try {
      answer = await call("GET", `${app.baseUrl}/v1/workspaces/x`, { key, headers: { "x-request-id": "trace-500-abcdef" } });
    } finally {
      await runSql(databaseUrl, "ALTER TABLE workspace_unavailable RENAME TO workspace");
    }
    const error = expectError(answer, 500, "internal_error");
    expect(answer.headers.get("x-request-id")).toBe("trace-500-abcdef");
    expect(answer.text).not.toMatch(/workspace_unavailable|relation|prisma|stack/i);
    expect(error.detail).toBeUndefined();
    const lines = (await readFile(app.logFile, "utf8")).split("\n").filter((line) => line.includes("trace-500-abcdef"));
    expect(lines.some((line) => line.includes('"msg":"unhandled error"'))).toBe(true);
    expect(lines.some((line) => line.includes('"status":500'))).toBe(true);
  });
});

describe("a server killed in the middle of a roster run", () => {
  const env = { ...testAppEnv, JOB_MAINTENANCE_INTERVAL_SECONDS: "2" };
  let databaseUrl: string;
  let first: AppProcess | undefined;
  let second: AppProcess | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop().catch(() => undefined);
    if (first) await rm(first.dataDir, { recursive: true, force: true });
  });

  async function runStatus(importId: string): Promise<string> {
    const [row] = await runSql(databaseUrl, "SELECT status FROM roster_import WHERE id = $1", [importId]);
    return row.status as string;
  }

  it("leaves the roster as it was, and the run still ends applied (once) after a restart", { timeout: 180_000 }, async () => {
    databaseUrl = await createMigratedDatabase("crash");
    first = await startAppProcess({ databaseUrl, env });
    const key = await demoApiKey(first);
    const workspaceId = `crash-${randomUUID().slice(0, 8)}`;
    const base = first.baseUrl;
    await call("POST", `${base}/v1/workspaces`, { key, body: { workspace_id: workspaceId, name: "Crash" } });
    const push = (body: unknown) =>
      call("POST", `${base}/v1/roster-imports`, {
        key,
        query: { workspace_id: workspaceId },
        headers: { "idempotency-key": randomUUID() },
        body,
      });

    const initial = items(20);
    const one = await push(snapshot(initial));
    for (let i = 0; i < 100 && (await runStatus(one.body.import_id as string)) !== "applied"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const before = await runSql(databaseUrl, "SELECT external_id, name, roster_status FROM property ORDER BY external_id");

    // Hold one property row so that the next run stops mid-transaction, after its first writes began.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM property WHERE external_id = 'p00010' FOR UPDATE");
    const renamed = initial.map((property) => ({ ...property, name: `${String(property.name)} (renamed)` }));
    const two = await push(snapshot(renamed));
    const importId = two.body.import_id as string;
    for (let i = 0; i < 200; i++) {
      const waiting = await runSql(
        databaseUrl,
        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      if ((await runStatus(importId)) === "running" && waiting.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await runStatus(importId)).toBe("running");

    await first.kill();
    await holder.query("ROLLBACK");
    await holder.end();

    expect(await runSql(databaseUrl, "SELECT external_id, name, roster_status FROM property ORDER BY external_id")).toEqual(
      before,
    );
    const [workspace] = await runSql(databaseUrl, "SELECT roster_revision FROM workspace WHERE external_id = $1", [workspaceId]);
    expect(workspace.roster_revision).toBe(1);
    expect(await runStatus(importId)).toBe("running");

    second = await startAppProcess({ databaseUrl, env, dataDir: first.dataDir });
    let status = await runStatus(importId);
    for (let i = 0; i < 1200 && status === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await runStatus(importId);
    }
    const run = await call("GET", `${second.baseUrl}/v1/roster-imports/${importId}`, {
      key,
      query: { workspace_id: workspaceId },
    });
    expect(run.body).toMatchObject({
      status: "applied",
      base_revision: 1,
      result_revision: 2,
      diff: { created: 0, updated: 20, deactivated: 0, reactivated: 0 },
    });
    const after = await runSql(databaseUrl, "SELECT name FROM property ORDER BY external_id");
    expect(after.every((row) => String(row.name).endsWith("(renamed)"))).toBe(true);
    const [final] = await runSql(databaseUrl, "SELECT roster_revision FROM workspace WHERE external_id = $1", [workspaceId]);
    expect(final.roster_revision).toBe(2);
  });
});
