import { randomBytes } from "node:crypto";
import path from "node:path";
import { type BenchContext, median, type Scenario } from "../harness";
import { useDatabase } from "../../tests/support/databases";

/*
 * The report PDF (`GET /reports/<id>/pdf`) of a report with 50 findings, each with an after
 * picture and every other one a before picture, over real HTTP from the built app: how long the
 * server takes to make it (median and slowest of several runs, one at a time) and how big it is.
 */

const findings = 50;
const runs = 7;

async function timedGet(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.toString("utf8").slice(0, 300)}`);
  return { ms: performance.now() - started, bytes: body.length };
}

const scenario: Scenario = {
  name: "report-pdf",
  description: `the report PDF of ${findings} findings with pictures: generation time and size`,
  async run(ctx: BenchContext) {
    const databaseUrl = await ctx.createDatabase("report_pdf");
    const app = await ctx.startApp(databaseUrl);
    await useDatabase(databaseUrl);
    const { closeDb } = await import("../../lib/db/client");
    const { LocalDiskDriver } = await import("../../lib/media/local-disk-driver");
    const { seedReport, seatIn, sessionCookieFor } = await import("../../tests/fixtures/released-report");
    ctx.onCleanup(() => closeDb());

    const driver = new LocalDiskDriver({
      root: path.join(app.dataDir, "media"),
      secret: Buffer.from(process.env.APP_SECRET!, "utf8"),
      baseUrl: app.baseUrl,
    });
    const severities = ["MAJOR", "MODERATE", "MINOR"] as const;
    const report = await seedReport({
      homeName: "Bench Cottage",
      driver,
      findings: Array.from({ length: findings }, (_, index) => ({
        severity: severities[index % 3]!,
        room: `Room ${(index % 7) + 1}`,
        description: `Finding ${index + 1}: a mark on the wall beside the door, about a hand wide.`,
        atSeconds: index * 4,
        withBefore: index % 2 === 0,
      })),
    });
    const email = `bench-${randomBytes(4).toString("hex")}@harbour-homes.com`;
    await seatIn(report.workspaceId, email);
    const cookie = await sessionCookieFor(email);
    const url = `${app.baseUrl}/reports/${report.inspectionId}/pdf?tz=Europe/London`;

    const first = await timedGet(url, cookie);
    const times: number[] = [];
    let bytes = first.bytes;
    for (let run = 0; run < runs; run += 1) {
      const answer = await timedGet(url, cookie);
      times.push(answer.ms);
      bytes = answer.bytes;
    }
    await ctx.report(
      [
        {
          findings,
          runs,
          "first ms": Math.round(first.ms),
          "median ms": Math.round(median(times)),
          "slowest ms": Math.round(Math.max(...times)),
          "size KiB": Math.round(bytes / 1024),
        },
      ],
      {
        notes: ["Each request makes the PDF afresh (nothing is cached); pictures are 480x270 JPEGs from the local media store."],
      },
    );
  },
};

export default scenario;
