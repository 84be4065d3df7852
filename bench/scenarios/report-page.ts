import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { type BenchContext, envInt, percentile, type ReportRow, type Scenario } from "../harness";
import { firstLoadJs, get } from "../page-weight";
import { useDatabase } from "../../tests/support/databases";
import { seedBenchHome, seedBenchTask } from "../seed-rows";

/*
 * The property manager's report page (/reports/<id>) with 50 findings, signed in: server time of
 * the whole HTML answer (sequential requests, so it is the server's time and not a queue's), and
 * the JavaScript a first visit loads (every <script src> of that HTML, gzipped as served).
 * Targets (issue 23): p95 <= 300 ms, first-load JS <= 200 kB gzip.
 */

const findingCount = 50;
const itemCount = 12;
const serverTargetMs = 300;
const jsTargetKb = 200;

interface Seeded {
  inspectionId: string;
  cookie: string;
}

/** A released walkthrough with 50 findings and 12 checklist items, and a manager with a session, as rows. */
async function seed(databaseUrl: string): Promise<Seeded> {
  await useDatabase(databaseUrl);
  const { db, closeDb } = await import("../../lib/db/client");
  try {
    const home = await seedBenchHome("bench-reports", { addressLine1: "12 Quay Street", addressCity: "Leeds" });
    const taskId = await seedBenchTask(home, new Date("2026-11-27T00:00:00Z"));
    const items = Array.from({ length: itemCount }, (_, i) => ({ id: randomUUID(), name: `Checklist item ${i + 1}` }));
    const recordedAt = new Date(Date.now() - 3_600_000);
    const inspection = await db().inspection.create({
      data: {
        taskId,
        workspaceId: home.workspaceId,
        propertyId: home.propertyId,
        status: "completed",
        checklist: [{ type: "housekeeping", items }],
        finishedAt: recordedAt,
        sealedAt: recordedAt,
        analyzedAt: recordedAt,
        completedAt: recordedAt,
      },
    });
    await db().inspectionVideo.create({
      data: {
        inspectionId: inspection.id,
        mediaKey: `inspections/${inspection.id}/video.webm`,
        contentType: "video/webm",
        sizeBytes: 20_000_000n,
        durationSeconds: 540,
        recordedAt,
        transcoded: false,
      },
    });
    await db().inspectionItem.createMany({
      data: items.map((item, position) => ({
        inspectionId: inspection.id,
        position,
        itemId: item.id,
        name: item.name,
        state: position === 3 ? ("missed" as const) : ("verified" as const),
        timestampSeconds: 10 + position * 40,
        stillKey: `inspections/${inspection.id}/stills/${position}.jpg`,
        decidedBy: "provider" as const,
      })),
    });
    const severities = ["MINOR", "MINOR", "MODERATE", "MINOR", "MAJOR"] as const;
    await db().finding.createMany({
      data: Array.from({ length: findingCount }, (_, i) => ({
        inspectionId: inspection.id,
        key: `bench-${i}`,
        room: ["Kitchen", "Bathroom", "Bedroom", "Living room", "Balcony"][i % 5]!,
        description: `Finding number ${i + 1}: a scuff on the wall beside the door.`,
        severity: severities[i % severities.length]!,
        category: "damage" as const,
        videoTimestampSeconds: i * 10,
        afterKeys: [`inspections/${inspection.id}/findings/${i}-after.jpg`],
        beforeKeys: i % 3 === 0 ? [`properties/${home.propertyId}/baseline/${i}.jpg`] : [],
        source: "provider" as const,
        confidence: 0.9,
      })),
    });
    const { seatIn, sessionCookieFor } = await import("../../tests/fixtures/released-report");
    await seatIn(home.workspaceId, "manager@bench-rentals.example");
    return { inspectionId: inspection.id, cookie: await sessionCookieFor("manager@bench-rentals.example") };
  } finally {
    await closeDb();
  }
}

async function run(ctx: BenchContext): Promise<void> {
  const requests = envInt("BENCH_REQUESTS", 200, 10, 5000);
  const databaseUrl = await ctx.createDatabase("bench_report");
  const { inspectionId, cookie } = await seed(databaseUrl);
  const app = await ctx.startApp(databaseUrl, { LOG_LEVEL: "warn" });
  const url = `${app.baseUrl}/reports/${inspectionId}`;

  const first = await get(url, cookie);
  const html = first.body.toString("utf8");
  if (first.status !== 200) throw new Error(`the report answered ${first.status}`);
  const articles = html.match(/<article /g)?.length ?? 0;
  if (articles !== findingCount || !html.includes("Not ready")) {
    throw new Error(`the report shows ${articles} findings (expected ${findingCount}) or no verdict`);
  }

  for (let i = 0; i < 20; i++) await get(url, cookie); // warm-up: JIT, pool, caches
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const answer = await get(url, cookie);
    if (answer.status !== 200) throw new Error(`request ${i} answered ${answer.status}`);
    times.push(answer.ms);
  }
  const js = await firstLoadJs(app.baseUrl, html);
  const p95 = percentile(times, 95);
  const r1 = (value: number) => Math.round(value * 10) / 10;

  const rows: ReportRow[] = [
    {
      measure: `server time, ${requests} sequential signed-in GETs`,
      p50: `${r1(percentile(times, 50))} ms`,
      p95: `${r1(p95)} ms`,
      p99: `${r1(percentile(times, 99))} ms`,
      target: `p95 <= ${serverTargetMs} ms`,
      met: p95 <= serverTargetMs,
    },
    {
      measure: `first-load JS (${js.loaded.files} scripts)`,
      p50: `${r1(js.loaded.rawKb)} kB raw`,
      p95: `${r1(js.loaded.gzipKb)} kB gzip`,
      p99: "",
      target: `<= ${jsTargetKb} kB gzip`,
      met: js.loaded.gzipKb <= jsTargetKb,
    },
    {
      measure: `noModule polyfills (${js.noModule.files}), not loaded by module browsers`,
      p50: `${r1(js.noModule.rawKb)} kB raw`,
      p95: `${r1(js.noModule.gzipKb)} kB gzip`,
      p99: "",
      target: "",
      met: undefined,
    },
  ];
  await ctx.report(rows, {
    title: `GET /reports/<id>: a released report with ${findingCount} findings and ${itemCount} checklist items`,
    notes: [
      `HTML ${r1(first.body.length / 1024)} kB (${r1(gzipSync(first.body).length / 1024)} kB gzip); every request a fresh connection`,
      "first-load JS: every <script src> of the page's HTML, fetched from the app and gzipped at level 9",
    ],
  });
}

const scenario: Scenario = {
  name: "report-page",
  description: "the report page with 50 findings, signed in: server p95 and first-load JS",
  run,
};

export default scenario;
