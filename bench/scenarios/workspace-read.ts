import { createReadStream } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { isDeepStrictEqual } from "node:util";
import { type BenchContext, envInt, median, type ReportRow, type Scenario } from "../harness";
import { type LoadResult, runLoad } from "../load";
import { cpuSeconds, peakRssMiB, startNodeServer } from "../processes";
import { useDatabase } from "../../tests/support/databases";

const workspaceId = "bench-workspace-1";
const poolSize = "10";
const ratioTarget = 0.8;

interface Answer {
  status: number;
  body: unknown;
}

// node:http without an agent, so no keep-alive socket of this check stays open during the load.
function get(url: string, key?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = key ? { authorization: `Bearer ${key}` } : {};
    const request = http.get(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString("utf8");
        try {
          resolve({ status, body: JSON.parse(text) });
        } catch {
          reject(new Error(`GET ${url} answered ${status} with a body that is not JSON: ${text.slice(0, 500)}`));
        }
      });
    });
    request.on("error", reject);
  });
}

/** One partner, its key and one workspace, made through lib/ as the API would make them. */
async function seed(databaseUrl: string): Promise<string> {
  // A pool left by an earlier scenario would point at that scenario's database.
  await useDatabase(databaseUrl);
  const { closeDb } = await import("../../lib/db/client");
  const { createPartner } = await import("../../lib/partners/create-partner");
  const { provisionWorkspace } = await import("../../lib/workspaces/provision-workspace");
  try {
    const partner = await createPartner("Bench partner");
    await provisionWorkspace({ partnerId: partner.partnerId, keyId: partner.keyId, workspaceId, name: "Bench Rentals" });
    return partner.apiKey;
  } finally {
    await closeDb();
  }
}

/** Both servers must answer the same bytes (200 with the key, 401 without) before any load. */
async function checkSameAnswers(appUrl: string, floorUrl: string, apiKey: string): Promise<void> {
  const [app, floor] = await Promise.all([get(appUrl, apiKey), get(floorUrl, apiKey)]);
  if (app.status !== 200 || floor.status !== 200) {
    throw new Error(`expected 200 from both, got app ${app.status} ${JSON.stringify(app.body)}, floor ${floor.status}`);
  }
  if (!isDeepStrictEqual(app.body, floor.body)) {
    throw new Error(`app and floor answer differently:\napp   ${JSON.stringify(app.body)}\nfloor ${JSON.stringify(floor.body)}`);
  }
  const [appRefusal, floorRefusal] = await Promise.all([get(appUrl), get(floorUrl)]);
  if (appRefusal.status !== 401 || floorRefusal.status !== 401) {
    throw new Error(`expected 401 without a key, got app ${appRefusal.status}, floor ${floorRefusal.status}`);
  }
}

async function countRequestLogLines(logFile: string): Promise<number> {
  let count = 0;
  const lines = readline.createInterface({ input: createReadStream(logFile), crlfDelay: Infinity });
  for await (const line of lines) if (line.includes('"msg":"request"')) count++;
  return count;
}

function summary(target: string, runs: LoadResult[]): ReportRow {
  return {
    target,
    "req/s": median(runs.map((run) => run.requestsPerSecond)),
    "p50 ms": median(runs.map((run) => run.p50Ms)),
    "p99 ms": median(runs.map((run) => run.p99Ms)),
    "server CPU ms/req": median(runs.map((run) => run.cpuMsPerRequest ?? Number.NaN)),
    "req/s by round": runs.map((run) => Math.round(run.requestsPerSecond)).join(" / "),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
  };
}

async function run(ctx: BenchContext): Promise<void> {
  const rounds = envInt("BENCH_ROUNDS", 3, 1, 10);
  const durationSeconds = envInt("BENCH_DURATION", 10, 1, 120);
  const warmupSeconds = envInt("BENCH_WARMUP", 3, 0, 60);
  const connections = envInt("BENCH_CONNECTIONS", 32, 1, 1024);

  const databaseUrl = await ctx.createDatabase("bench_ws");
  const apiKey = await seed(databaseUrl);

  const appEnv: Record<string, string> = {
    // High enough to admit everything, so the limiter still runs on each request but never refuses.
    RATE_LIMIT_GENERAL: "1000000000",
    DB_POOL_SIZE: poolSize,
    LOG_LEVEL: "info",
  };
  const app = await ctx.startApp(databaseUrl, appEnv);
  const floor = await startNodeServer(path.join("bench", "floor-server.ts"), {
    DATABASE_URL: databaseUrl,
    DB_POOL_SIZE: poolSize,
  });
  ctx.onCleanup(() => floor.stop());

  const route = `/v1/workspaces/${encodeURIComponent(workspaceId)}`;
  const targets = [
    { name: "app (npm start)", url: app.baseUrl + route, pid: app.pid, runs: [] as LoadResult[] },
    { name: "floor (node:http + pg)", url: floor.baseUrl + route, pid: floor.pid, runs: [] as LoadResult[] },
  ];
  await checkSameAnswers(targets[0]!.url, targets[1]!.url, apiKey);

  ctx.log(`${rounds} rounds x (${warmupSeconds} s warm-up + ${durationSeconds} s) per target, ${connections} connections`);
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const result = await runLoad(`${target.name}, round ${round}`, {
        url: target.url,
        headers: { authorization: `Bearer ${apiKey}` },
        connections,
        durationSeconds,
        warmupSeconds,
        pipelining: 1,
        cpuSeconds: () => cpuSeconds(target.pid),
      });
      target.runs.push(result);
      ctx.log(
        `round ${round} ${target.name}: ${Math.round(result.requestsPerSecond)} req/s, ` +
          `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, server CPU ${result.cpuMsPerRequest?.toFixed(2)} ms/req, ` +
          `load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  }

  const [appRuns, floorRuns] = [targets[0]!.runs, targets[1]!.runs];
  const rows = [summary(targets[0]!.name, appRuns), summary(targets[1]!.name, floorRuns)];
  const ratio = (rows[0]!["req/s"] as number) / (rows[1]!["req/s"] as number);
  rows.push({
    target: "ratio app / floor",
    "req/s": Math.round(ratio * 100) / 100,
    "p50 ms": Math.round(((rows[0]!["p50 ms"] as number) / (rows[1]!["p50 ms"] as number)) * 100) / 100,
    "p99 ms": Math.round(((rows[0]!["p99 ms"] as number) / (rows[1]!["p99 ms"] as number)) * 100) / 100,
    "server CPU ms/req":
      Math.round(((rows[0]!["server CPU ms/req"] as number) / (rows[1]!["server CPU ms/req"] as number)) * 100) / 100,
  });

  const [appPeak, floorPeak] = await Promise.all([peakRssMiB(app.pid), peakRssMiB(floor.pid)]);
  const logged = await countRequestLogLines(app.logFile);
  const measured = appRuns.reduce((sum, run) => sum + run.requests, 0);
  if (logged < measured) throw new Error(`the app logged ${logged} request lines for ${measured} measured requests`);

  await ctx.report(rows, {
    title: `GET ${route}: app vs floor (median of ${rounds} rounds, ${durationSeconds} s each, ${connections} connections)`,
    notes: [
      `target (issue 28): app >= ${ratioTarget.toFixed(2)} x floor req/s; measured ${ratio.toFixed(2)}: ${ratio >= ratioTarget ? "MET" : "NOT MET"}`,
      `peak RSS: app ${Math.round(appPeak)} MiB, floor ${Math.round(floorPeak)} MiB; app logged ${logged} request lines at info`,
      `both pools ${poolSize} connections; every response checked 2xx; latency resolution 1 ms (autocannon)`,
    ],
  });
}

const scenario: Scenario = {
  name: "workspace-read",
  description: "GET /v1/workspaces/{workspace_id} with a valid key: app vs a bare node:http + pg floor",
  run,
};

export default scenario;
