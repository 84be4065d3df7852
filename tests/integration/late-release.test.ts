import { randomBytes } from "node:crypto";
import pg from "pg";
import PgBoss from "pg-boss";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError } from "../support/api";
import { runAdmin, runAdminJson } from "../support/cli";
import { until } from "../support/until";
import { signInByMail } from "../support/sign-in";
import { type SmtpReceiver } from "../support/smtp-receiver";
import { type WebhookReceiver } from "../support/webhook-receiver";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";

/*
 * The spec's 2-day rule (Events: `inspection.completed` "not sent if `delivery` cannot be filled
 * within two days") drops the event; it does not fail the inspection. A walkthrough waits for staff
 * as long as it takes; released late, it reads `completed` on every read and sends no event at all.
 * An app of its own (workers inside) so a real receiver on 127.0.0.1 gets the deliveries.
 */

let receiver: WebhookReceiver;
let smtp: SmtpReceiver;
let databaseUrl: string;
let env: Record<string, string>;
let partner: TestPartner;
let workspaceId: string;
const items = ["Kitchen wiped", "Beds made"];

const app = useApp({
  env: {
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    WEBHOOK_RECORDING_HOLD_SECONDS: "5",
    MAIL_FROM: "Walkthrough <review@walkthrough.dev>",
  },
  fakes: ["webhooks", "smtp"],
  appUrl: true,
  database: "late_release",
  // A deployment from before: the hourly job that failed late reports is still queued and scheduled.
  async beforeStart(databaseUrl) {
    const old = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", supervise: false, schedule: false });
    await old.start();
    await old.createQueue("expire-reviews");
    await old.schedule("expire-reviews", "17 * * * *", {}, { tz: "UTC" });
    await old.stop({ graceful: false, wait: true });
  },
});

beforeAll(async () => {
  ({ webhooks: receiver, smtp, env, databaseUrl } = app);
  partner = await createTestPartner("Late Partner");
  await runAdminJson(["webhook", "set", "--partner", partner.partnerId, "--url", receiver.url], adminEnv());
  workspaceId = await readyWorkspace(partner.apiKey, "late", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
});

const adminEnv = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: app.dataDir,
  APP_SECRET: env.APP_SECRET!,
  APP_URL: env.APP_URL!,
  WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true",
});
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, adminEnv());

const status = (taskId: string) =>
  call("GET", "/v1/inspections", { key: partner.apiKey, query: { workspace_id: workspaceId, task_id: taskId } });
const findings = (inspectionId: string) =>
  call("GET", `/v1/inspections/${inspectionId}/findings`, { key: partner.apiKey, query: { workspace_id: workspaceId } });

/** Event types the receiver got for an inspection. */
const eventsOf = (inspectionId: string) =>
  receiver.received
    .map((delivery) => JSON.parse(delivery.body) as { inspection_id?: string; event_type?: string })
    .filter((body) => body.inspection_id === inspectionId)
    .map((body) => body.event_type);

/** A walkthrough whose one tapped item waits for staff (no provider is configured). */
async function waitingForStaff() {
  const walk = await sealedWalkthrough(partner.apiKey, {
    workspaceId,
    taps: [{ name: items[0]!, atSeconds: 1 }],
    finishAnyway: [items[1]!],
  });
  await until(
    "the analysis to hand it to staff",
    async () => ((await db().inspection.findUniqueOrThrow({ where: { id: walk.inspectionId } })).analyzedAt ? true : undefined),
    60_000,
    200,
  );
  await until(
    "inspection.recording_completed",
    async () => (eventsOf(walk.inspectionId).includes("inspection.recording_completed") ? true : undefined),
    60_000,
    100,
  );
  return walk;
}

describe("a report released more than 2 days after the seal", () => {
  it("reads completed on the status and findings reads, but sends neither inspection.completed nor inspection.failed", async () => {
    const late = await waitingForStaff();
    const onTime = await waitingForStaff();
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000);
    await db().inspection.update({ where: { id: late.inspectionId }, data: { sealedAt: threeDaysAgo } });

    // Still waiting, past the 2 days: processing, flagged for staff, never failed for slowness.
    expect((await status(late.taskId)).body).toMatchObject({ status: "processing", report: { status: "processing" } });
    expectError(await findings(late.inspectionId), 409, "report_not_ready");
    const queue = await admin<{ inspections: { inspection_id: string; overdue: boolean }[] }>("review", "list");
    expect(queue.inspections.find((entry) => entry.inspection_id === late.inspectionId)).toMatchObject({ overdue: true });
    expect(queue.inspections.find((entry) => entry.inspection_id === onTime.inspectionId)).toMatchObject({ overdue: false });
    // The admin console's review queue flags the same row, and only it.
    const staff = `staff-${randomBytes(4).toString("hex")}@walkthrough-ops.com`;
    await admin("staff", "add", "--email", staff);
    const cookie = await signInByMail({ baseUrl: app.baseUrl, appUrl: env.APP_URL!, smtp }, staff);
    const page = await fetch(new URL("/admin/review", app.baseUrl), { headers: { cookie } });
    expect(page.status).toBe(200);
    // The queue streams in after its skeleton (a hidden segment at the end of the HTML); its table
    // only, as the page's RSC payload before it names every row again.
    const html = await page.text();
    const streamed = html.slice(html.indexOf('<div hidden id="S:'));
    const queueTable = streamed.slice(0, streamed.indexOf("</table>"));
    const rows = queueTable.split("<tr").filter((row) => row.includes("/admin/review/"));
    const rowOf = (inspectionId: string) => rows.find((row) => row.includes(`/admin/review/${inspectionId}`)) ?? "";
    expect(rowOf(late.inspectionId)).toContain("Over 24 h");
    expect(rowOf(onTime.inspectionId)).not.toContain("Over 24 h");
    expect(rowOf(onTime.inspectionId)).not.toBe("");

    // Staff release both through the CLI: deciding the last waiting item releases the report.
    for (const walk of [late, onTime]) {
      const decided = await admin<{ released: boolean }>(
        "review",
        "decide",
        "--inspection",
        walk.inspectionId,
        "--item",
        walk.idOf(items[0]!),
        "--state",
        "verified",
      );
      expect(decided.released).toBe(true);
    }
    // The on-time one's event arrives: the receiver and the dispatcher work.
    await until(
      "the on-time inspection.completed",
      async () => (eventsOf(onTime.inspectionId).includes("inspection.completed") ? true : undefined),
      60_000,
      100,
    );

    const read = await status(late.taskId);
    expect(read.body).toMatchObject({
      status: "completed",
      report: { status: "ready" },
      report_url: expect.any(String),
      completed_at: expect.any(String),
    });
    expect((await findings(late.inspectionId)).status).toBe(200);
    const row = await db().inspection.findUniqueOrThrow({ where: { id: late.inspectionId } });
    expect([row.status, row.failureReason]).toEqual(["completed", null]);
    // Nothing recorded to send, so nothing can arrive later either.
    const recorded = await db().webhookEvent.findMany({
      where: { inspectionId: late.inspectionId },
      select: { eventType: true },
    });
    expect(recorded.map((event) => event.eventType)).toEqual(["inspection.recording_completed"]);
    expect(eventsOf(late.inspectionId).filter((type) => type !== "inspection.recording_completed")).toEqual([]);

    // Released again (a repeat staff action) changes nothing.
    expect((await runAdmin(["review", "release", "--inspection", late.inspectionId], adminEnv())).code).toBe(0);
    expect(await db().webhookEvent.count({ where: { inspectionId: late.inspectionId } })).toBe(1);
  });

  it("no longer has a job that fails late reports: an older deployment's queue and schedule are removed", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ queues: number; schedules: number }>(
        "SELECT (SELECT count(*)::int FROM pgboss.queue WHERE name = 'expire-reviews') AS queues, (SELECT count(*)::int FROM pgboss.schedule WHERE name = 'expire-reviews') AS schedules",
      );
      expect(rows[0]).toEqual({ queues: 0, schedules: 0 });
    } finally {
      await client.end();
    }
  });
});
