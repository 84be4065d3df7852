import os from "node:os";
import { ApiClient, pollRun, provision, pushRoster, seedPartner, waitForActivation } from "../api-client";
import { type BenchContext, envInt, median, percentile, type ReportRow, type Scenario } from "../harness";
import { type LoadResult, runLoad } from "../load";
import { cpuSeconds } from "../processes";
import { rosterItems, snapshotBody } from "../roster-data";
import { randomUUID } from "node:crypto";

const workspaceId = "bench-links";
const homes = 50;
const tasks = 500;
const rate = 200;
const targetP99Ms = 40;

function linkPath(taskId: string, propertyId: string): string {
  const query = new URLSearchParams({ workspace_id: workspaceId, task_id: taskId, property_id: propertyId });
  return `/v1/recording-link?${query}`;
}

async function run(ctx: BenchContext): Promise<void> {
  const rounds = envInt("BENCH_ROUNDS", 3, 1, 10);
  const durationSeconds = envInt("BENCH_DURATION", 20, 1, 120);
  const warmupSeconds = envInt("BENCH_WARMUP", 3, 0, 60);
  const connections = envInt("BENCH_CONNECTIONS", 20, 1, 256);

  const databaseUrl = await ctx.createDatabase("bench_links");
  const apiKey = await seedPartner(databaseUrl);
  const app = await ctx.startApp(databaseUrl, { RATE_LIMIT_GENERAL: "1000000000", LOG_LEVEL: "info" });
  const client = new ApiClient(app.baseUrl, apiKey);
  ctx.onCleanup(() => client.close());

  await provision(client, workspaceId);
  const items = rosterItems(homes);
  const accepted = await pushRoster(client, workspaceId, randomUUID(), snapshotBody(items));
  const applied = await pollRun(client, workspaceId, accepted.body.import_id as string, 20);
  if (applied.body.status !== "applied") throw new Error(`roster ended ${applied.body.status}`);
  await waitForActivation(client, workspaceId);

  // First calls create the tasks (sequentially, one client): the cost of a new link.
  const paths: string[] = [];
  const created: number[] = [];
  for (let i = 0; i < tasks; i++) {
    const path = linkPath(`task-${i}`, items[i % homes]!.property_id as string);
    created.push((await client.expect(200, "GET", path)).ms);
    paths.push(path);
  }

  let next = 0;
  const runs: LoadResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const result = await runLoad(`repeat calls, round ${round}`, {
      url: app.baseUrl + paths[0]!,
      headers: { authorization: `Bearer ${apiKey}` },
      connections,
      durationSeconds,
      warmupSeconds,
      overallRate: rate,
      nextPath: () => paths[next++ % paths.length]!,
      cpuSeconds: () => cpuSeconds(app.pid),
    });
    runs.push(result);
    ctx.log(
      `round ${round}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
        `server CPU ${result.cpuMsPerRequest?.toFixed(2)} ms/req, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }

  const p99 = median(runs.map((one) => one.p99Ms));
  const rows: ReportRow[] = [
    {
      calls: `repeat, ${rate} req/s offered`,
      "req/s": median(runs.map((one) => one.requestsPerSecond)),
      "p50 ms": median(runs.map((one) => one.p50Ms)),
      "p99 ms": p99,
      "server CPU ms/req": median(runs.map((one) => one.cpuMsPerRequest ?? Number.NaN)),
      "p99 by round": runs.map((one) => one.p99Ms).join(" / "),
    },
    {
      calls: `first (creates the task), sequential`,
      "req/s": undefined,
      "p50 ms": median(created),
      "p99 ms": percentile(created, 99),
    },
  ];
  await ctx.report(rows, {
    title: `GET /v1/recording-link: ${tasks} tasks over ${homes} homes (median of ${rounds} rounds, ${durationSeconds} s each, ${connections} connections)`,
    notes: [
      `target: repeat calls p99 <= ${targetP99Ms} ms at ${rate} req/s; measured ${p99} ms: ${p99 <= targetP99Ms ? "MET" : "NOT MET"}`,
    ],
  });
}

const scenario: Scenario = {
  name: "recording-link",
  description: `GET /v1/recording-link repeat calls at a fixed ${rate} req/s across ${tasks} tasks: p50 and p99`,
  run,
};

export default scenario;
