import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { ApiClient, pollRun, provision, sleep, waitForActivation } from "../api-client";
import { type BenchContext, envInt, median, type ReportRow, type Scenario } from "../harness";
import { peakRssMiB, rssMiB } from "../processes";
import { type BenchItem, changedRoster, rosterItems } from "../roster-data";
import { useDatabase } from "../../tests/support/databases";

const size = 10_000;
const pageCount = 20;
// Obviously fake: the bench feed's bearer token.
const feedSecret = "bench-feed-secret";
const workspaceId = "bench-roster-pull";

// High enough to admit everything: the limiters still run on each request but never refuse.
const appEnv: Record<string, string> = {
  RATE_LIMIT_GENERAL: "1000000000",
  RATE_LIMIT_ROSTER_SYNC: "1000000000",
  RATE_LIMIT_WORKSPACE_CREATE: "1000000000",
  LOG_LEVEL: "info",
};

/** The feed's pages, serialized once: `size` properties in `pageCount` pages chained by cursors. */
function feedPages(items: BenchItem[]): Buffer[] {
  const observedAt = new Date().toISOString();
  const per = Math.ceil(items.length / pageCount);
  return Array.from({ length: pageCount }, (_, i) =>
    Buffer.from(
      JSON.stringify({
        complete: true,
        observed_at: observedAt,
        total_count: items.length,
        properties: items.slice(i * per, (i + 1) * per),
        ...(i + 1 < pageCount && { next_cursor: `page-${i + 2}` }),
      }),
    ),
  );
}

/** A hosted feed on loopback serving whichever roster is current; counts the pages it served. */
async function startFeed() {
  let pages: Buffer[] = [];
  let served = 0;
  const server = http.createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${feedSecret}`) return void response.writeHead(401).end();
    const cursor = new URL(request.url ?? "/", "http://feed").searchParams.get("cursor");
    const page = pages[cursor === null ? 0 : Number(cursor.slice("page-".length)) - 1];
    if (!page) return void response.writeHead(404).end();
    served++;
    response.writeHead(200, { "content-type": "application/json", "content-length": page.length }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/roster`,
    bytes: () => pages.reduce((sum, page) => sum + page.length, 0),
    serve(items: BenchItem[]) {
      pages = feedPages(items);
      served = 0;
    },
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Partner, feed and the key the app must decrypt the feed's secret with, made through lib/ in
 * this process. The app under test is handed this process's APP_SECRET, so both agree.
 */
async function seed(databaseUrl: string, feedUrl: string) {
  await useDatabase(databaseUrl);
  const { closeDb, db } = await import("../../lib/db/client");
  const { createPartner } = await import("../../lib/partners/create-partner");
  const { appSecret } = await import("../../lib/secrets/app-secret");
  const partner = await createPartner("Bench pull partner");
  return {
    partner,
    appSecret: appSecret().toString("utf8"),
    async setFeed() {
      const { setRosterFeed } = await import("../../lib/roster-feeds/set-roster-feed");
      const { minuteOfDay } = await import("../../lib/roster-feeds/poll-slot");
      const feed = await setRosterFeed({ partnerId: partner.partnerId, workspaceId, url: feedUrl, secret: feedSecret });
      // Twelve hours from now: the app's own daily schedule stays out of the measurements.
      const pollMinute = (minuteOfDay(new Date()) + 720) % 1440;
      await db().rosterFeed.update({ where: { workspaceId: feed.workspaceId }, data: { pollMinute } });
    },
    syncRow: (syncId: string) => db().rosterSync.findUniqueOrThrow({ where: { id: syncId } }),
    close: closeDb,
  };
}

interface PullSample {
  /** From sending POST /v1/roster-syncs to reading `applied` on the run (20 ms polls). */
  totalMs: number;
  /** The sync's own started -> finished: reading and checking 20 pages, creating the run. */
  fetchMs: number;
  /** The run's applied_at - submitted_at (the push's apply path). */
  applyMs: number;
  activationMs: number;
}

async function pullOnce(client: ApiClient, db: Awaited<ReturnType<typeof seed>>, expected: object): Promise<PullSample> {
  const started = performance.now();
  const answer = await client.expect(202, "POST", "/v1/roster-syncs", { query: { workspace_id: workspaceId } });
  if (answer.body.status !== "queued") throw new Error(`expected a new sync, got ${JSON.stringify(answer.body)}`);
  let sync = await db.syncRow(answer.body.sync_id as string);
  while (!sync.importId) {
    if (sync.status === "failed") throw new Error(`sync ${sync.id} failed`);
    await sleep(20);
    sync = await db.syncRow(sync.id);
  }
  const final = await pollRun(client, workspaceId, sync.importId, 20);
  const run = final.body as { status: string; applied_at: string; submitted_at: string; diff: object; error?: unknown };
  if (run.status !== "applied") throw new Error(`pull run ended ${run.status}: ${JSON.stringify(run.error)}`);
  if (JSON.stringify(run.diff) !== JSON.stringify(expected)) {
    throw new Error(`diff ${JSON.stringify(run.diff)}, expected ${JSON.stringify(expected)}`);
  }
  const activatedAt = await waitForActivation(client, workspaceId);
  return {
    totalMs: final.endedAt - started,
    fetchMs: sync.finishedAt!.getTime() - sync.startedAt!.getTime(),
    applyMs: Date.parse(run.applied_at) - Date.parse(run.submitted_at),
    activationMs: activatedAt - final.endedAt,
  };
}

const row = (measurement: string, values: number[]): ReportRow => ({
  measurement,
  "median ms": Math.round(median(values)),
  "min ms": Math.round(Math.min(...values)),
  "max ms": Math.round(Math.max(...values)),
  "by rep": values.map(Math.round).join(" / "),
});

async function run(ctx: BenchContext): Promise<void> {
  const reps = envInt("BENCH_PULL_REPS", 4, 2, 20);
  const databaseUrl = await ctx.createDatabase("bench_pull");
  const feed = await startFeed();
  ctx.onCleanup(() => feed.close());
  const seeded = await seed(databaseUrl, feed.url);
  ctx.onCleanup(() => seeded.close());

  const app = await ctx.startApp(databaseUrl, { ...appEnv, APP_SECRET: seeded.appSecret });
  const client = new ApiClient(app.baseUrl, seeded.partner.apiKey);
  ctx.onCleanup(() => client.close());
  await provision(client, workspaceId);
  await seeded.setFeed();
  for (let i = 0; i < 5; i++) await client.expect(200, "GET", `/v1/workspaces/${workspaceId}`);
  await sleep(500);
  const baselineHwm = await peakRssMiB(app.pid);
  let sampledRss = await rssMiB(app.pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      sampledRss = Math.max(sampledRss, await rssMiB(app.pid));
      await sleep(20);
    }
  })();

  // Rep 1 creates the roster; later reps alternate a day's changes (10% renamed, 5% out, 5% new) and back.
  const base = rosterItems(size);
  const changed = changedRoster(base);
  // From the second change on, each direction renames, drops and brings back the same numbers.
  const { updated, deactivated } = changed.expected;
  const cycle = { created: 0, updated, deactivated, reactivated: deactivated };
  const created = { created: size, updated: 0, deactivated: 0, reactivated: 0 };
  const samples: PullSample[] = [];
  const firstPeak: number[] = [];
  try {
    for (let rep = 0; rep < reps; rep++) {
      const items = rep % 2 === 1 ? changed.items : base;
      const expected = rep === 0 ? created : rep === 1 ? changed.expected : cycle;
      feed.serve(items);
      const sample = await pullOnce(client, seeded, expected);
      if (feed.served() !== pageCount) throw new Error(`the app read ${feed.served()} pages, expected ${pageCount}`);
      if (rep === 0) firstPeak.push(await peakRssMiB(app.pid));
      samples.push(sample);
      ctx.log(
        `pull ${rep + 1}: applied ${Math.round(sample.totalMs)} ms after the request (fetch ${sample.fetchMs} ms, ` +
          `apply ${sample.applyMs} ms), activation ${Math.round(sample.activationMs)} ms later; ` +
          `load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    sampling = false;
    await sampler;
  }
  const peakHwm = await peakRssMiB(app.pid);

  const first = samples.slice(0, 1);
  const later = samples.slice(1);
  await ctx.report(
    [
      row(
        "first pull (10k new): request -> applied (client, 20 ms polls)",
        first.map((s) => s.totalMs),
      ),
      row(
        "first pull: fetch 20 pages + checks + run created (sync started -> finished)",
        first.map((s) => s.fetchMs),
      ),
      row(
        "first pull: applied_at - submitted_at (server)",
        first.map((s) => s.applyMs),
      ),
      row(
        "later pulls (daily changes): request -> applied",
        later.map((s) => s.totalMs),
      ),
      row(
        "later pulls: fetch 20 pages (sync started -> finished)",
        later.map((s) => s.fetchMs),
      ),
      row(
        "later pulls: applied_at - submitted_at (server)",
        later.map((s) => s.applyMs),
      ),
      row(
        "applied -> activation seen",
        samples.map((s) => s.activationMs),
      ),
    ],
    {
      title:
        `POST /v1/roster-syncs, a hosted feed of ${size} properties in ${pageCount} pages ` +
        `(${(feed.bytes() / 1e6).toFixed(1)} MB) on loopback`,
      notes: [
        "request -> applied includes the poll job's and the apply job's queue pick-up (workers poll every 0.5 s)",
        `app VmHWM: ${Math.round(baselineHwm)} MiB before the first pull, ${Math.round(firstPeak[0] ?? 0)} MiB after it, ` +
          `${Math.round(peakHwm)} MiB after all ${reps}; max sampled RSS ${Math.round(sampledRss)} MiB (VmRSS every 20 ms)`,
        "the fetcher holds one page's raw body at a time and keeps the validated items only",
      ],
    },
  );
}

const scenario: Scenario = {
  name: "roster-pull",
  description: "POST /v1/roster-syncs pulling a 10,000-property feed in 20 pages: time to applied, app peak memory",
  run,
};

export default scenario;
