import http from "node:http";
import type { AddressInfo } from "node:net";
import { useDatabase } from "../../tests/support/databases";
import { sleep } from "../api-client";
import { type BenchContext, envInt, median, percentile, type ReportRow, type Scenario } from "../harness";
import { freshApp, newWalk } from "../walkthrough-kit";

/*
 * Webhook delivery, with receivers on loopback in this process (WEBHOOKS_ALLOW_PRIVATE_RECEIVERS):
 * 1. a state change (staff fail an opened inspection: the event is recorded in that transaction)
 *    to the first attempt arriving, one change at a time;
 * 2. sustained deliveries per second to a receiver that answers at once, from a backlog queued in
 *    bulk (due all at once), alone and while a second partner's receiver hangs 10 s on every
 *    request and has a backlog of its own.
 */

interface Receiver {
  url: string;
  arrivals: number[];
  /** event_id -> arrival time (ms, performance clock). */
  firstArrival: Map<string, number>;
  close(): Promise<void>;
}

async function startReceiver(hangMs = 0): Promise<Receiver> {
  const arrivals: number[] = [];
  const firstArrival = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const now = performance.now();
      arrivals.push(now);
      const id = String(request.headers["webhook-id"]);
      if (!firstArrival.has(id)) firstArrival.set(id, now);
      if (hangMs > 0) setTimeout(() => response.destroyed || response.writeHead(204).end(), hangMs).unref();
      else response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    firstArrival,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function runScenario(ctx: BenchContext): Promise<void> {
  const samples = envInt("BENCH_WEBHOOK_LATENCY_SAMPLES", 100, 5, 1000);
  const backlog = envInt("BENCH_WEBHOOK_DELIVERIES", 20_000, 1000, 200_000);
  const fast = await startReceiver();
  const hanging = await startReceiver(10_000);
  ctx.onCleanup(() => fast.close());
  ctx.onCleanup(() => hanging.close());
  const { client, workspaceId, databaseUrl } = await freshApp(ctx, "webhooks", {
    WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true",
    LOG_LEVEL: "warn",
  });
  // setReceiver below runs in this process and checks URLs by its configuration (read anew by useDatabase).
  process.env.WEBHOOKS_ALLOW_PRIVATE_RECEIVERS = "true";
  await useDatabase(databaseUrl);
  const { db, pool, closeDb } = await import("../../lib/db/client");
  ctx.onCleanup(() => closeDb());
  const { setReceiver } = await import("../../lib/webhooks/receivers");
  const { failInspection } = await import("../../lib/inspections/release-report");
  const { createPartner } = await import("../../lib/partners/create-partner");
  const partnerId = (await db().partner.findFirstOrThrow({ select: { id: true } })).id;
  await setReceiver(partnerId, fast.url);

  // 1. State change -> first attempt received.
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const walk = await newWalk(client, workspaceId);
    const inspection = await db().inspection.findFirstOrThrow({
      where: { task: { externalId: walk.taskId } },
      select: { id: true },
    });
    const before = fast.firstArrival.size;
    await failInspection(inspection.id, "other");
    const committed = performance.now();
    while (fast.firstArrival.size === before) await sleep(1);
    latencies.push([...fast.firstArrival.values()].at(-1)! - committed);
    await sleep(20);
  }
  ctx.log(
    `state change -> first attempt: p50 ${median(latencies).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );

  /** Queues `count` test deliveries for a partner, all due at `due`, in one statement. */
  const queue = async (partner: string, count: number, due: Date) => {
    await pool().query(
      `WITH ids AS (SELECT gen_random_uuid() AS id FROM generate_series(1, $2)),
       events AS (
         INSERT INTO webhook_event (id, partner_id, event_type, body, built_at, build_after)
         SELECT id, $1, 'webhook.test', json_build_object('version', 1, 'event_id', id, 'event_type', 'webhook.test', 'sent_at', now())::text, now(), NULL FROM ids
         RETURNING id)
       INSERT INTO webhook_delivery (id, event_id, partner_id, next_attempt_at) SELECT gen_random_uuid(), id, $1, $3 FROM events`,
      [partner, count, due],
    );
  };

  /** Sends the fast receiver's backlog; answers deliveries per second from its first to its last arrival. */
  const drain = async (withHanging: string | undefined): Promise<{ perSecond: number; seconds: number }> => {
    const due = new Date(Date.now() + 3000);
    const start = fast.arrivals.length;
    await queue(partnerId, backlog, due);
    if (withHanging) await queue(withHanging, 500, due);
    while (fast.arrivals.length - start < backlog) await sleep(50);
    const mine = fast.arrivals.slice(start, start + backlog);
    const seconds = (mine.at(-1)! - mine[0]!) / 1000;
    return { perSecond: backlog / seconds, seconds };
  };

  const alone = await drain(undefined);
  ctx.log(`alone: ${Math.round(alone.perSecond)} deliveries/s`);
  const slow = await createPartner("Hanging receiver");
  await setReceiver(slow.partnerId, hanging.url);
  const beside = await drain(slow.partnerId);
  ctx.log(
    `beside a hanging receiver: ${Math.round(beside.perSecond)} deliveries/s (${hanging.arrivals.length} requests reached it)`,
  );
  const attempts = await db().webhookAttempt.count();

  const rows: ReportRow[] = [
    {
      measure: `state change -> first attempt received (${samples} changes)`,
      "p50 ms": Math.round(median(latencies) * 10) / 10,
      "p99 ms": Math.round(percentile(latencies, 99) * 10) / 10,
    },
    {
      measure: `${backlog} deliveries to a receiver answering at once`,
      "deliveries/s": Math.round(alone.perSecond),
      seconds: Math.round(alone.seconds * 10) / 10,
    },
    {
      measure: `the same while another partner's receiver hangs 10 s (500 queued)`,
      "deliveries/s": Math.round(beside.perSecond),
      seconds: Math.round(beside.seconds * 10) / 10,
      "drop %": Math.round((1 - beside.perSecond / alone.perSecond) * 1000) / 10,
    },
  ];
  await ctx.report(rows, {
    title: "Webhooks: first-attempt latency and sustained deliveries",
    notes: [
      "targets: first attempt p99 <= 2 s; >= 1,000 deliveries/s; < 10% drop beside a hanging receiver",
      `defaults: WEBHOOK_CONCURRENCY 256, WEBHOOK_RECEIVER_CONCURRENCY 32; ${attempts} attempts logged`,
    ],
  });
}

const scenario: Scenario = {
  name: "webhooks",
  description: "state change -> first attempt (p50, p99); deliveries/s alone and beside a receiver that hangs",
  run: runScenario,
};

export default scenario;
