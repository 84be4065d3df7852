import { randomUUID } from "node:crypto";
import { type BenchContext, envInt, percentile, type ReportRow, type Scenario } from "../harness";
import { get } from "../page-weight";
import { freePort, startAppProcess } from "../../tests/support/app-process";
import { launchBrowser } from "../../tests/support/browser";
import { useDatabase } from "../../tests/support/databases";
import { seedBenchHome, seedBenchTask } from "../seed-rows";

/*
 * The staff review desk (/admin/review/<id>) for a 10-minute walkthrough with 50 checklist items
 * and 100 proposed findings, all waiting, signed in as staff: server time of the page's HTML and
 * of its data (GET /api/console/review/<id>, which signs every still and picture), sequential so
 * it is the server's time; then in Chromium, the time from Enter on "Release and next" (a
 * walkthrough with nothing left waiting) to the next page shown (its load event).
 */

const itemCount = 50;
const findingCount = 100;
const durationSeconds = 600;
const staffEmail = "reviewer@walkthrough-staff.example";

interface Seeded {
  waiting: string;
  decided: string[];
  cookie: string;
}

async function seed(databaseUrl: string, releases: number): Promise<Seeded> {
  await useDatabase(databaseUrl);
  const { db, closeDb } = await import("../../lib/db/client");
  try {
    const home = await seedBenchHome("bench-review");
    const sealedAt = new Date(Date.now() - 20 * 60_000);

    /** One sealed walkthrough waiting for staff: every item pending, every finding proposed, or all decided. */
    async function walkthrough(allDecided: boolean): Promise<string> {
      const taskId = await seedBenchTask(home);
      const items = Array.from({ length: itemCount }, (_, i) => ({ id: randomUUID(), name: `Checklist item ${i + 1}` }));
      const inspection = await db().inspection.create({
        data: {
          taskId,
          workspaceId: home.workspaceId,
          propertyId: home.propertyId,
          status: "processing",
          checklist: [{ type: "housekeeping", items }],
          openedAt: new Date(sealedAt.getTime() - durationSeconds * 1000),
          finishedAt: sealedAt,
          sealedAt,
          analyzedAt: sealedAt,
        },
      });
      await db().inspectionVideo.create({
        data: {
          inspectionId: inspection.id,
          mediaKey: `inspections/${inspection.id}/video.webm`,
          contentType: "video/webm",
          sizeBytes: 150_000_000n,
          durationSeconds,
          recordedAt: sealedAt,
          transcoded: false,
        },
      });
      await db().inspectionItem.createMany({
        data: items.map((item, position) => ({
          inspectionId: inspection.id,
          position,
          itemId: item.id,
          name: item.name,
          state: allDecided ? ("verified" as const) : ("pending" as const),
          reviewNeeded: !allDecided,
          timestampSeconds: 5 + position * 11,
          stillKey: `inspections/${inspection.id}/stills/${position}.jpg`,
          providerState: "verified",
          providerConfidence: 0.55,
          providerRationale: "The surface looks clean but the frame is partly blurred.",
        })),
      });
      await db().finding.createMany({
        data: Array.from({ length: findingCount }, (_, i) => ({
          inspectionId: inspection.id,
          key: `bench-${i}`,
          room: ["Kitchen", "Bathroom", "Bedroom", "Living room", "Balcony"][i % 5]!,
          description: `Finding number ${i + 1}: a scuff on the wall beside the door.`,
          severity: (["MINOR", "MODERATE", "MAJOR"] as const)[i % 3]!,
          category: "damage" as const,
          videoTimestampSeconds: i * 6,
          afterKeys: [`inspections/${inspection.id}/findings/${i}-after.jpg`],
          beforeKeys: i % 3 === 0 ? [`properties/${home.propertyId}/baseline/${i}.jpg`] : [],
          source: "provider" as const,
          confidence: 0.6,
          reviewNeeded: !allDecided,
        })),
      });
      return inspection.id;
    }

    const waiting = await walkthrough(false);
    const decided: string[] = [];
    for (let i = 0; i < releases; i++) decided.push(await walkthrough(true));
    const user = await db().user.create({ data: { email: staffEmail } });
    await db().staffMember.create({ data: { userId: user.id } });
    const { sessionCookieFor } = await import("../../tests/fixtures/released-report");
    return { waiting, decided, cookie: await sessionCookieFor(staffEmail) };
  } finally {
    await closeDb();
  }
}

async function serverTimes(url: string, cookie: string, requests: number): Promise<number[]> {
  const first = await get(url, cookie);
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  for (let i = 0; i < 10; i++) await get(url, cookie); // warm-up: JIT, pool, caches
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const answer = await get(url, cookie);
    if (answer.status !== 200) throw new Error(`${url}: request ${i} answered ${answer.status}`);
    times.push(answer.ms);
  }
  return times;
}

async function run(ctx: BenchContext): Promise<void> {
  const requests = envInt("BENCH_REQUESTS", 100, 10, 2000);
  const releases = envInt("BENCH_RELEASES", 10, 1, 50);
  const databaseUrl = await ctx.createDatabase("bench_review");
  const seeded = await seed(databaseUrl, releases);
  // The console's writes must come from the app's own origin (APP_URL): the app on a port known first.
  const port = await freePort();
  const app = await startAppProcess({
    databaseUrl,
    port,
    env: { NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", APP_URL: `http://127.0.0.1:${port}` },
  });
  ctx.onCleanup(() => app.stop());
  const r1 = (value: number) => Math.round(value * 10) / 10;

  const page = await serverTimes(`${app.baseUrl}/admin/review/${seeded.waiting}`, seeded.cookie, requests);
  const data = await serverTimes(`${app.baseUrl}/api/console/review/${seeded.waiting}`, seeded.cookie, requests);
  const body = (await get(`${app.baseUrl}/api/console/review/${seeded.waiting}`, seeded.cookie)).body;
  const view = JSON.parse(body.toString("utf8")) as { items: unknown[]; findings: unknown[] };
  if (view.items.length !== itemCount || view.findings.length !== findingCount)
    throw new Error(`the desk's data has ${view.items.length} items and ${view.findings.length} findings`);

  const browser = await launchBrowser();
  ctx.onCleanup(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = seeded.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: app.baseUrl }]);
  const tab = await context.newPage();
  const toNext: number[] = [];
  const shown: number[] = [];
  for (const inspectionId of seeded.decided) {
    const opened = performance.now();
    await tab.goto(`${app.baseUrl}/admin/review/${inspectionId}`);
    const release = tab.getByRole("button", { name: /^Release and next/ });
    await release.waitFor();
    await tab.waitForFunction(() => !document.querySelector<HTMLButtonElement>("button[data-release]")?.disabled);
    shown.push(performance.now() - opened);
    const pressed = performance.now();
    await Promise.all([
      // /admin/review/next holds the oldest walkthrough nobody holds and redirects to its desk.
      tab.waitForURL((url) => url.pathname.startsWith("/admin/review/") && !url.pathname.endsWith(inspectionId), {
        waitUntil: "load",
        timeout: 15_000,
      }),
      tab.keyboard.press("Enter"),
    ]).catch(async (error: Error) => {
      const alert = await tab.getByRole("alert").allTextContents();
      const focus = await tab.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
      throw new Error(`${error.message.split("\n")[0]}; the desk says: ${alert.join(" ") || "nothing"}; focus: ${focus}`);
    });
    toNext.push(performance.now() - pressed);
  }

  const rows: ReportRow[] = [
    {
      measure: `page HTML, ${requests} sequential GETs`,
      p50: `${r1(percentile(page, 50))} ms`,
      p95: `${r1(percentile(page, 95))} ms`,
      p99: `${r1(percentile(page, 99))} ms`,
    },
    {
      measure: `its data (${itemCount} items, ${findingCount} findings, ${r1(body.length / 1024)} kB), ${requests} GETs`,
      p50: `${r1(percentile(data, 50))} ms`,
      p95: `${r1(percentile(data, 95))} ms`,
      p99: `${r1(percentile(data, 99))} ms`,
    },
    {
      measure: `Chromium: desk opened to Release enabled, ${releases} walkthroughs`,
      p50: `${r1(percentile(shown, 50))} ms`,
      p95: `${r1(percentile(shown, 95))} ms`,
      p99: "",
    },
    {
      measure: `Chromium: Enter on Release and next to the next page loaded, ${releases} releases`,
      p50: `${r1(percentile(toNext, 50))} ms`,
      p95: `${r1(percentile(toNext, 95))} ms`,
      p99: "",
    },
  ];
  await ctx.report(rows, {
    title: `The review desk: a ${durationSeconds / 60}-minute walkthrough, ${itemCount} items, ${findingCount} proposed findings`,
    notes: ["every request a fresh connection; the release is POST /release then the move to /admin/review/next"],
  });
}

const scenario: Scenario = {
  name: "review-desk",
  description: "the review desk with 50 items and 100 findings: server p95 of page and data, Enter to the next page",
  run,
};

export default scenario;
