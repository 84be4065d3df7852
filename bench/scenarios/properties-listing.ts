import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { ApiClient, pollRun, provision, pushRoster, seedPartner, waitForActivation } from "../api-client";
import { type BenchContext, envInt, median, percentile, type ReportRow, type Scenario } from "../harness";
import { type LoadResult, runLoad } from "../load";
import { cpuSeconds } from "../processes";
import { rosterItems, snapshotBody } from "../roster-data";

const size = 10_000;
const limit = 100;
const workspaceId = "bench-listing";
const ratioTarget = 1.2;
const cpuTargetMs = 2;

/** Imports the 10,000-property roster through the API and waits until it is applied and activated. */
async function seedRoster(client: ApiClient): Promise<void> {
  await provision(client, workspaceId);
  const accepted = await pushRoster(client, workspaceId, randomUUID(), snapshotBody(rosterItems(size)));
  if (accepted.status !== 202) throw new Error(`import answered ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const run = await pollRun(client, workspaceId, accepted.body.import_id as string, 50);
  if (run.body.status !== "applied") throw new Error(`import ended ${run.body.status}: ${JSON.stringify(run.body.error)}`);
  await waitForActivation(client, workspaceId);
}

function pagePath(cursor?: string): string {
  const query = new URLSearchParams({ workspace_id: workspaceId, limit: String(limit) });
  if (cursor !== undefined) query.set("cursor", cursor);
  return `/v1/properties?${query}`;
}

/** Walks pages 1..99 once and returns the cursor that reads page 100 (the last one). */
async function cursorOfPage100(client: ApiClient): Promise<string> {
  let cursor: string | undefined;
  for (let page = 1; page < 100; page++) {
    const answer = await client.expect(200, "GET", pagePath(cursor));
    cursor = answer.body.next_cursor as string | undefined;
    if (cursor === undefined) throw new Error(`page ${page} has no next_cursor`);
  }
  return cursor!;
}

/** Both pages hold `limit` properties; page 1 links on, page 100 is the end of the roster. */
async function checkPages(client: ApiClient, page100: string): Promise<void> {
  const [first, last] = [await client.expect(200, "GET", pagePath()), await client.expect(200, "GET", pagePath(page100))];
  const ids = (answer: typeof first) => (answer.body.properties as { property_id: string }[]).map((p) => p.property_id);
  if (ids(first).length !== limit || ids(first)[0] !== "prop-000000" || !first.body.next_cursor) {
    throw new Error(`unexpected page 1: ${ids(first).slice(0, 3).join(",")}... (${ids(first).length})`);
  }
  if (ids(last).length !== limit || ids(last).at(-1) !== "prop-009999" || last.body.next_cursor !== undefined) {
    throw new Error(
      `unexpected page 100: ...${ids(last).slice(-3).join(",")} (${ids(last).length}), next ${last.body.next_cursor}`,
    );
  }
}

/** `count` sequential requests to each page, alternating, so noise hits both alike. */
async function sequential(client: ApiClient, paths: string[], count: number): Promise<number[][]> {
  const times = paths.map(() => [] as number[]);
  for (let i = 0; i < count; i++) {
    for (const [index, path] of paths.entries()) times[index]!.push((await client.expect(200, "GET", path)).ms);
  }
  return times;
}

const r2 = (value: number) => Math.round(value * 100) / 100;

/** When PostgreSQL last gathered planner statistics for the property table (null: never). */
async function propertyStatistics(databaseUrl: string): Promise<{ analyzedAt: string | null; modifiedSince: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ analyzed_at: Date | null; modified: string }>(
      `SELECT greatest(last_analyze, last_autoanalyze) AS analyzed_at, n_mod_since_analyze AS modified
       FROM pg_stat_user_tables WHERE relname = 'property'`,
    );
    return { analyzedAt: rows[0]?.analyzed_at?.toISOString() ?? null, modifiedSince: Number(rows[0]?.modified ?? 0) };
  } finally {
    await client.end();
  }
}

async function analyzeProperties(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("ANALYZE property");
  } finally {
    await client.end();
  }
}

async function run(ctx: BenchContext): Promise<void> {
  const rounds = envInt("BENCH_ROUNDS", 3, 1, 10);
  const requests = envInt("BENCH_REQUESTS", 200, 10, 5000);
  const durationSeconds = envInt("BENCH_DURATION", 5, 0, 120);
  const warmupSeconds = envInt("BENCH_WARMUP", 2, 0, 60);
  const connections = envInt("BENCH_CONNECTIONS", 8, 1, 256);

  const databaseUrl = await ctx.createDatabase("bench_listing");
  const apiKey = await seedPartner(databaseUrl);
  const app = await ctx.startApp(databaseUrl, {
    RATE_LIMIT_GENERAL: "1000000000",
    RATE_LIMIT_ROSTER_IMPORT: "1000000000",
    RATE_LIMIT_WORKSPACE_CREATE: "1000000000",
    LOG_LEVEL: "info",
  });
  const client = new ApiClient(app.baseUrl, apiKey);
  ctx.onCleanup(() => client.close());

  await seedRoster(client);
  const page100 = await cursorOfPage100(client);
  await checkPages(client, page100);
  const paths = [pagePath(), pagePath(page100)];
  await sequential(client, paths, 30); // warm-up

  // Right after a first import the table may have no planner statistics yet (autovacuum's
  // analyze comes within a minute or so): measured as found, then again once analyzed.
  const before = await propertyStatistics(databaseUrl);
  const asImported = await sequential(client, paths, requests);
  const after = await propertyStatistics(databaseUrl);
  const asImportedLabel =
    before.analyzedAt === null && after.analyzedAt === null ? "no statistics yet" : `analyzed ${after.analyzedAt}`;
  ctx.log(
    `as imported (${asImportedLabel}, ${after.modifiedSince} rows changed since): p50 ${percentile(asImported[0]!, 50).toFixed(1)} / ` +
      `${percentile(asImported[1]!, 50).toFixed(1)} ms (page 1 / page 100); running ANALYZE property`,
  );
  await analyzeProperties(databaseUrl);

  const seq: { p50: number[]; p99: number[] }[] = paths.map(() => ({ p50: [], p99: [] }));
  const load: LoadResult[][] = paths.map(() => []);
  ctx.log(
    `${rounds} rounds x (${requests} sequential requests per page, then autocannon ${warmupSeconds}+${durationSeconds} s, ${connections} connections)`,
  );
  for (let round = 1; round <= rounds; round++) {
    const times = await sequential(client, paths, requests);
    times.forEach((pageTimes, i) => {
      seq[i]!.p50.push(percentile(pageTimes, 50));
      seq[i]!.p99.push(percentile(pageTimes, 99));
    });
    if (durationSeconds > 0) {
      for (const [i, path] of paths.entries()) {
        load[i]!.push(
          await runLoad(`page ${i === 0 ? 1 : 100}, round ${round}`, {
            url: app.baseUrl + path,
            headers: { authorization: `Bearer ${apiKey}` },
            connections,
            durationSeconds,
            warmupSeconds,
            cpuSeconds: () => cpuSeconds(app.pid),
          }),
        );
      }
    }
    ctx.log(
      `round ${round}: sequential p50 ${seq[0]!.p50.at(-1)!.toFixed(1)} / ${seq[1]!.p50.at(-1)!.toFixed(1)} ms, ` +
        `p99 ${seq[0]!.p99.at(-1)!.toFixed(1)} / ${seq[1]!.p99.at(-1)!.toFixed(1)} ms (page 1 / page 100)` +
        (durationSeconds > 0
          ? `; load ${Math.round(load[0]!.at(-1)!.requestsPerSecond)} / ${Math.round(load[1]!.at(-1)!.requestsPerSecond)} req/s`
          : "") +
        `; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }

  const rows: ReportRow[] = paths.map((_, i) => {
    const row: ReportRow = {
      page: i === 0 ? "page 1" : "page 100 (cursor reused)",
      "seq p50 ms": r2(median(seq[i]!.p50)),
      "seq p99 ms": r2(median(seq[i]!.p99)),
    };
    if (durationSeconds > 0) {
      row["load req/s"] = Math.round(median(load[i]!.map((result) => result.requestsPerSecond)));
      row["load p50 ms"] = median(load[i]!.map((result) => result.p50Ms));
      row["load p99 ms"] = median(load[i]!.map((result) => result.p99Ms));
      row["server CPU ms/req"] = r2(median(load[i]!.map((result) => result.cpuMsPerRequest ?? Number.NaN)));
    }
    return row;
  });
  const ratio = (key: string) => r2((rows[1]![key] as number) / (rows[0]![key] as number));
  const ratioRow: ReportRow = {
    page: "ratio page 100 / page 1",
    "seq p50 ms": ratio("seq p50 ms"),
    "seq p99 ms": ratio("seq p99 ms"),
  };
  if (durationSeconds > 0) {
    ratioRow["load req/s"] = ratio("load req/s");
    ratioRow["load p50 ms"] = ratio("load p50 ms");
    ratioRow["load p99 ms"] = ratio("load p99 ms");
    ratioRow["server CPU ms/req"] = ratio("server CPU ms/req");
  }
  rows.push(ratioRow);
  const asImportedRows: ReportRow[] = asImported.map((times, i) => ({
    page: `${i === 0 ? "page 1" : "page 100"}, as imported (${asImportedLabel})`,
    "seq p50 ms": r2(percentile(times, 50)),
    "seq p99 ms": r2(percentile(times, 99)),
  }));
  asImportedRows.push({
    page: "ratio page 100 / page 1, as imported",
    "seq p50 ms": r2(percentile(asImported[1]!, 50) / percentile(asImported[0]!, 50)),
    "seq p99 ms": r2(percentile(asImported[1]!, 99) / percentile(asImported[0]!, 99)),
  });
  rows.push(...asImportedRows);

  const p50Ratio = ratioRow["seq p50 ms"] as number;
  const p99Ratio = ratioRow["seq p99 ms"] as number;
  const verdict = (value: number) => `${value.toFixed(2)}x: ${value <= ratioTarget ? "MET" : "NOT MET"}`;
  const cpuVerdict = (value: number) => `${value.toFixed(2)} ms: ${value <= cpuTargetMs ? "MET" : "NOT MET"}`;
  await ctx.report(rows, {
    title: `GET /v1/properties?limit=${limit} on a ${size}-property workspace, page 1 vs page 100 (median of ${rounds} rounds)`,
    notes: [
      `target: page 100 / page 1 <= ${ratioTarget}x (table analyzed); sequential p50 ${verdict(p50Ratio)}, p99 ${verdict(p99Ratio)}`,
      durationSeconds > 0
        ? `target (issue 28): server CPU per page of ${limit} <= ${cpuTargetMs} ms under load; page 1 ` +
          `${cpuVerdict(rows[0]!["server CPU ms/req"] as number)}, page 100 ${cpuVerdict(rows[1]!["server CPU ms/req"] as number)}`
        : "CPU target: not measured (BENCH_DURATION=0)",
      `"as imported": one round of ${requests} requests per page right after the first import, before ANALYZE; ` +
        "without statistics the planner may sort every row after the cursor (page 1 pays most)",
      `sequential: ${requests} requests per page per round, alternating pages, one keep-alive connection, performance.now()`,
      durationSeconds > 0
        ? `load: autocannon ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s per page per round; latency resolution 1 ms`
        : "load: skipped (BENCH_DURATION=0)",
    ],
  });
}

const scenario: Scenario = {
  name: "properties-listing",
  description: "GET /v1/properties?limit=100 on 10,000 properties: page 1 vs page 100 (keyset pagination)",
  run,
};

export default scenario;
