import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { failInspection } from "../../lib/inspections/release-report";
import { recordInspectionEvents } from "../../lib/webhooks/record-event";
import { sendAttempt } from "../../lib/webhooks/send-attempt";
import { call } from "../support/api";
import { runAdmin, runAdminJson } from "../support/cli";
import { until } from "../support/until";
import { type ReceivedDelivery, type WebhookReceiver } from "../support/webhook-receiver";
import { createTestPartner, setPartnerStatus, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder } from "../fixtures/recorder";
import { item, pushAndWait, snapshot, waitForActivation } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";
import type { FakeAnalysisProvider } from "../support/fake-analysis-provider";

/*
 * Signed webhooks end to end (lib/webhooks/README.md): a web-only app and `npm run worker`
 * processes on a database of their own, a real HTTP receiver on 127.0.0.1 (so private receivers
 * are allowed here, as in development), and the retry schedule shortened to a second a step.
 */

// Workers build the events: their links name the app, as one APP_URL does in production.
const app = useApp({
  env: {
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    WEBHOOK_RETRY_DELAYS_SECONDS: "1,1,1,1,1",
    // The spec's 2 minutes, shortened; long enough for the fake provider's prompt answers under load.
    WEBHOOK_RECORDING_HOLD_SECONDS: "20",
  },
  fakes: ["analysis", "webhooks"],
  workers: 1,
  appUrl: true,
  database: "webhooks",
});
const { workers } = app;
const startWorker = () => app.startWorker();
let receiver: WebhookReceiver;
let provider: FakeAnalysisProvider;

beforeAll(() => {
  receiver = app.webhooks;
  provider = app.analysis;
});

const adminEnv = () => ({
  DATABASE_URL: app.databaseUrl,
  DATA_DIR: app.dataDir,
  APP_SECRET: app.env.APP_SECRET!,
  WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true",
});
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, adminEnv());
const adminRun = (...args: string[]) => runAdmin(args, adminEnv());

/** A partner with a receiver at the test receiver; answers the partner and its secret. */
async function partnerWithReceiver(): Promise<TestPartner & { secret: string }> {
  const partner = await createTestPartner();
  const set = await admin<{ url: string; secret: string }>(
    "webhook",
    "set",
    "--partner",
    partner.partnerId,
    "--url",
    receiver.url,
  );
  return { ...partner, secret: set.secret };
}

const deliveredTo = (eventId: string, count = 1, timeoutMs = 30_000) =>
  until(
    `${count} deliveries of ${eventId}`,
    async () => (receiver.of(eventId).length >= count ? receiver.of(eventId) : undefined),
    timeoutMs,
    50,
  );

const verified = (secret: string, delivery: ReceivedDelivery) =>
  new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);

interface LogEntry {
  delivery_id: string;
  event_id: string;
  status: string;
  skip_reason?: string;
  replay_of?: string;
  attempts: { number: number; status_code?: number; latency_ms: number; error?: string; response_excerpt?: string }[];
}

const deliveries = (partnerId: string, ...filter: string[]) =>
  admin<{ deliveries: LogEntry[] }>("webhook", "deliveries", "--partner", partnerId, ...filter).then(
    (answer) => answer.deliveries,
  );

async function finishedDelivery(partnerId: string, eventId: string): Promise<LogEntry> {
  return until(
    `the delivery of ${eventId} to finish`,
    async () => (await deliveries(partnerId, "--event", eventId)).find((entry) => entry.status !== "pending"),
    40_000,
    250,
  );
}

describe("receivers and secrets", () => {
  it("registers a receiver and answers its secret once; show, rotate, expire-previous and clear never print one", async () => {
    const partner = await createTestPartner();
    const set = await admin<{ url: string; secret: string }>(
      "webhook",
      "set",
      "--partner",
      partner.partnerId,
      "--url",
      receiver.url,
    );
    expect(set.url).toBe(receiver.url);
    expect(set.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await db().webhookReceiver.findUniqueOrThrow({ where: { partnerId: partner.partnerId } });
    expect(stored.secretEncrypted).not.toContain(set.secret.slice(6, 20));

    const shown = await adminRun("webhook", "show", "--partner", partner.partnerId, "--json");
    expect(JSON.parse(shown.stdout)).toEqual({ partner_id: partner.partnerId, url: receiver.url, rotating: false });
    const rotated = await admin<{ secret: string; previous_expires_at: string }>(
      "webhook",
      "rotate",
      "--partner",
      partner.partnerId,
      "--days",
      "3",
    );
    expect(rotated.secret).not.toBe(set.secret);
    expect(Math.abs(Date.parse(rotated.previous_expires_at) - Date.now() - 3 * 86_400_000)).toBeLessThan(60_000);
    const rotating = await adminRun("webhook", "show", "--partner", partner.partnerId, "--json");
    expect(JSON.parse(rotating.stdout)).toEqual({
      partner_id: partner.partnerId,
      url: receiver.url,
      rotating: true,
      previous_expires_at: rotated.previous_expires_at,
    });
    expect(await admin("webhook", "expire-previous", "--partner", partner.partnerId)).toEqual({
      partner_id: partner.partnerId,
      ended: true,
    });
    for (const run of [shown, rotating, await adminRun("webhook", "show", "--partner", partner.partnerId)]) {
      expect(run.stdout).not.toContain("whsec_");
    }
    expect(await admin("webhook", "clear", "--partner", partner.partnerId)).toEqual({
      partner_id: partner.partnerId,
      removed: true,
    });
    expect(await admin("webhook", "show", "--partner", partner.partnerId)).toEqual({ partner_id: partner.partnerId });
  });

  it("keeps the secret when the same URL is registered again (not shown again); a new URL gets a new secret and the old one signs for the rotation window", async () => {
    const partner = await createTestPartner();
    const first = await admin<{ url: string; secret: string }>(
      "webhook",
      "set",
      "--partner",
      partner.partnerId,
      "--url",
      receiver.url,
    );
    const stored = await db().webhookReceiver.findUniqueOrThrow({ where: { partnerId: partner.partnerId } });
    // The same URL, written differently: the same receiver.
    const again = await adminRun(
      "webhook",
      "set",
      "--partner",
      partner.partnerId,
      "--url",
      receiver.url.replace("http://", "HTTP://"),
      "--json",
    );
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ url: receiver.url, secret_unchanged: true });
    expect(again.stdout).not.toContain("whsec_");
    expect(await db().webhookReceiver.findUniqueOrThrow({ where: { partnerId: partner.partnerId } })).toMatchObject({
      secretEncrypted: stored.secretEncrypted,
      previousSecretEncrypted: null,
    });
    const same = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const [kept] = await deliveredTo(same.event_id);
    expect(String(kept!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verified(first.secret, kept!)).toBeTruthy();

    const moved = `${receiver.url}?moved=1`;
    const next = await admin<{ url: string; secret: string; previous_expires_at: string }>(
      "webhook",
      "set",
      "--partner",
      partner.partnerId,
      "--url",
      moved,
    );
    expect(next.url).toBe(moved);
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(first.secret);
    expect(Math.abs(Date.parse(next.previous_expires_at) - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    expect(await admin("webhook", "show", "--partner", partner.partnerId)).toEqual({
      partner_id: partner.partnerId,
      url: moved,
      rotating: true,
      previous_expires_at: next.previous_expires_at,
    });
    const after = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const [both] = await deliveredTo(after.event_id);
    expect(both!.path).toBe("/hooks/walkthrough?moved=1");
    const entries = String(both!.headers["webhook-signature"]).split(" ");
    expect(entries).toHaveLength(2);
    expect(verified(first.secret, both!)).toBeTruthy();
    expect(verified(next.secret, { ...both!, headers: { ...both!.headers, "webhook-signature": entries[0] } })).toBeTruthy();
  });

  it("refuses a URL that is not a receiver, and changes nothing", async () => {
    const partner = await createTestPartner();
    const refused = await adminRun("webhook", "set", "--partner", partner.partnerId, "--url", "ftp://hooks.example.com/in");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Invalid --url: scheme is not https or http");
    expect(await db().webhookReceiver.count({ where: { partnerId: partner.partnerId } })).toBe(0);
    expect((await adminRun("webhook", "test", "--partner", partner.partnerId)).code).toBe(1);
  });
});

describe("signing", () => {
  it("sends a test event with the spec's headers, verified by standardwebhooks and the legacy header", async () => {
    const partner = await partnerWithReceiver();
    const sent = await admin<{ event_id: string; delivery_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const [delivery] = await deliveredTo(sent.event_id);
    expect(delivery!.path).toBe("/hooks/walkthrough");
    expect(delivery!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Service-Webhooks/1",
      "webhook-id": sent.event_id,
    });
    expect(Math.abs(Number(delivery!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
    expect(verified(partner.secret, delivery!)).toMatchObject({
      version: 1,
      event_id: sent.event_id,
      event_type: "webhook.test",
    });
    expect(delivery!.headers["x-service-signature"]).toMatch(
      new RegExp(`^t=${String(delivery!.headers["webhook-timestamp"])},v1=[0-9a-f]{64}$`),
    );
    const entry = await finishedDelivery(partner.partnerId, sent.event_id);
    expect(entry).toMatchObject({
      delivery_id: sent.delivery_id,
      status: "delivered",
      attempts: [{ number: 1, status_code: 204 }],
    });
  });

  it("signs with both secrets during a rotation, the new one first, and with the new one alone after expire-previous", async () => {
    const partner = await partnerWithReceiver();
    const rotated = await admin<{ secret: string }>("webhook", "rotate", "--partner", partner.partnerId);
    const during = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const [both] = await deliveredTo(during.event_id);
    const entries = String(both!.headers["webhook-signature"]).split(" ");
    expect(entries).toHaveLength(2);
    expect(String(both!.headers["x-service-signature"]).match(/v1=/g)).toHaveLength(2);
    expect(verified(rotated.secret, both!)).toBeTruthy();
    expect(verified(partner.secret, both!)).toBeTruthy();
    // The first entry alone is the new secret's.
    const first = { ...both!, headers: { ...both!.headers, "webhook-signature": entries[0] } };
    expect(verified(rotated.secret, first)).toBeTruthy();
    expect(() => verified(partner.secret, first)).toThrow();

    await admin("webhook", "expire-previous", "--partner", partner.partnerId);
    const after = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const [one] = await deliveredTo(after.event_id);
    expect(String(one!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verified(rotated.secret, one!)).toBeTruthy();
    expect(() => verified(partner.secret, one!)).toThrow();
  });
});

describe("delivery", () => {
  it("retries on the schedule with the same webhook-id and a fresh signature; a redirect is a failure and is not followed", async () => {
    const partner = await partnerWithReceiver();
    const target = `${new URL(receiver.url).origin}/redirected-here`;
    receiver.replyNext({ status: 500, body: "down for maintenance" }, { status: 302, headers: { location: target } });
    const sent = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const three = await deliveredTo(sent.event_id, 3);
    expect(three.map((delivery) => delivery.headers["webhook-id"])).toEqual([sent.event_id, sent.event_id, sent.event_id]);
    expect(new Set(three.map((delivery) => delivery.body)).size).toBe(1);
    const stamps = three.map((delivery) => Number(delivery.headers["webhook-timestamp"]));
    expect(stamps[1]!).toBeGreaterThan(stamps[0]!);
    expect(stamps[2]!).toBeGreaterThan(stamps[1]!);
    for (const delivery of three) expect(verified(partner.secret, delivery)).toBeTruthy();
    expect(receiver.received.some((delivery) => delivery.path === "/redirected-here")).toBe(false);
    const entry = await finishedDelivery(partner.partnerId, sent.event_id);
    expect(entry.status).toBe("delivered");
    expect(entry.attempts.map((attempt) => [attempt.number, attempt.status_code, attempt.error])).toEqual([
      [1, 500, "http_status"],
      [2, 302, "redirect"],
      [3, 204, undefined],
    ]);
    expect(entry.attempts[0]!.response_excerpt).toBe("down for maintenance");
  });

  it("ends an attempt with no answer in 10 seconds as a timeout and tries again", async () => {
    const partner = await partnerWithReceiver();
    receiver.replyNext({ hangMs: 15_000 });
    const sent = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const entry = await finishedDelivery(partner.partnerId, sent.event_id);
    expect(entry.status).toBe("delivered");
    expect(entry.attempts.map((attempt) => [attempt.number, attempt.status_code, attempt.error])).toEqual([
      [1, undefined, "timeout"],
      [2, 204, undefined],
    ]);
    expect(entry.attempts[0]!.latency_ms).toBeGreaterThanOrEqual(9_900);
    expect(entry.attempts[0]!.latency_ms).toBeLessThan(12_000);
  });

  it("stops after the sixth failure and says so; replay sends the same event_id again with a fresh signature", async () => {
    const partner = await partnerWithReceiver();
    receiver.replyNext(...Array.from({ length: 6 }, () => ({ status: 503 })));
    const sent = await admin<{ event_id: string; delivery_id: string }>("webhook", "test", "--partner", partner.partnerId);
    const entry = await finishedDelivery(partner.partnerId, sent.event_id);
    expect(entry.status).toBe("failed");
    expect(entry.attempts.map((attempt) => attempt.status_code)).toEqual([503, 503, 503, 503, 503, 503]);
    expect((await deliveries(partner.partnerId, "--status", "failed")).map((failed) => failed.delivery_id)).toEqual([
      sent.delivery_id,
    ]);

    const replayed = await admin<{ delivery_id: string; event_id: string }>("webhook", "replay", "--delivery", sent.delivery_id);
    expect(replayed.event_id).toBe(sent.event_id);
    const all = await deliveredTo(sent.event_id, 7);
    expect(verified(partner.secret, all[6]!)).toBeTruthy();
    expect(await finishedDelivery(partner.partnerId, sent.event_id)).toBeTruthy();
    const log = await deliveries(partner.partnerId, "--event", sent.event_id);
    expect(log.find((row) => row.delivery_id === replayed.delivery_id)).toMatchObject({
      status: "delivered",
      replay_of: sent.delivery_id,
    });
  });

  it("replays, since a time, every event no delivery brought through, and none that arrived", async () => {
    const partner = await partnerWithReceiver();
    const since = new Date(Date.now() - 1000).toISOString();
    receiver.replyNext(...Array.from({ length: 6 }, () => ({ status: 500 })));
    const failed = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    await finishedDelivery(partner.partnerId, failed.event_id);
    const fine = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    await finishedDelivery(partner.partnerId, fine.event_id);
    expect(await admin("webhook", "replay", "--partner", partner.partnerId, "--since", since)).toMatchObject({ queued: 1 });
    await deliveredTo(failed.event_id, 7);
    expect(receiver.of(fine.event_id)).toHaveLength(1);
  });

  it("refuses a private receiver where private receivers are not allowed, and sends it nothing", async () => {
    const before = receiver.received.length;
    const answer = await sendAttempt(receiver.url, { "content-type": "application/json" }, "{}", {
      allowPrivate: false,
      sockets: 1,
    });
    expect(answer.error).toMatch(/^invalid_url|^private_address/);
    const https = await sendAttempt(receiver.url.replace("http:", "https:"), {}, "{}", { allowPrivate: false, sockets: 1 });
    expect(https.error).toMatch(/^private_address/);
    const named = await sendAttempt("https://localhost/hooks", {}, "{}", { allowPrivate: false, sockets: 1 });
    expect(named.error).toMatch(/^private_address/);
    expect(receiver.received.length).toBe(before);
  });
});

interface InspectionEventBody {
  event_id: string;
  event_type: string;
  inspection_id: string;
  [field: string]: unknown;
}

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as InspectionEventBody;
const inspectionEvent = (inspectionId: string, eventType: string, timeoutMs = 60_000) =>
  until(
    `${eventType} of ${inspectionId}`,
    async () =>
      receiver.received.find(
        (delivery) => bodyOf(delivery).inspection_id === inspectionId && bodyOf(delivery).event_type === eventType,
      ),
    timeoutMs,
    50,
  );

describe("inspection events", () => {
  const items = ["Kitchen wiped", "Beds made"];

  it("sends recording_completed with the checklist block once every result is in, then completed with delivery and video_url", async () => {
    provider.reset();
    const partner = await partnerWithReceiver();
    const workspaceId = await readyWorkspace(partner.apiKey, "hooks", [item("home-1")]);
    const put = await call("PUT", "/v1/properties/home-1/checklist", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
      body: { items: items.map((name) => ({ name })) },
    });
    expect(put.status, put.text).toBe(200);
    const walk = await sealedWalkthrough(partner.apiKey, {
      workspaceId,
      taps: [
        { name: items[0]!, atSeconds: 1 },
        { name: items[1]!, atSeconds: 3 },
      ],
    });

    const recorded = await inspectionEvent(walk.inspectionId, "inspection.recording_completed");
    const event = verified(partner.secret, recorded) as InspectionEventBody;
    expect(recorded.headers["webhook-id"]).toBe(event.event_id);
    expect(event).toMatchObject({
      version: 1,
      workspace_id: workspaceId,
      task_id: walk.taskId,
      property_id: "home-1",
      inspection_id: walk.inspectionId,
      media_expires_in: 900,
      checklist: { status: "complete", counts: { verified: 2, missed: 0, explained: 0, not_checked: 0, pending: 0 } },
    });
    expect(Date.parse(event.recorded_at as string)).toBeLessThanOrEqual(Date.now());
    for (const absent of ["report_url", "video_url", "report", "delivery"]) expect(event).not.toHaveProperty(absent);
    const lines = (event.checklist as { items: { name: string; state: string; image_url?: string; timestamp?: number }[] }).items;
    expect(lines.map((line) => [line.name, line.state])).toEqual([
      [items[0], "verified"],
      [items[1], "verified"],
    ]);
    const still = await fetch(lines[0]!.image_url!);
    expect(still.status).toBe(200);

    const completed = await inspectionEvent(walk.inspectionId, "inspection.completed");
    const done = verified(partner.secret, completed) as InspectionEventBody;
    const status = await call("GET", "/v1/inspections", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, task_id: walk.taskId },
    });
    expect(done).toMatchObject({
      report_url: status.body.report_url,
      completed_at: status.body.completed_at,
      report: { status: "ready", report_url: status.body.report_url },
      checklist: { status: "complete" },
      delivery: { sent: false, reason: "clean" },
      video_url: `${new URL(String(status.body.report_url)).origin}/v1/inspections/${walk.inspectionId}/video`,
    });
    expect(done.event_id).not.toBe(event.event_id);
    const video = await call("GET", new URL(done.video_url as string).pathname, {
      key: partner.apiKey,
      query: { workspace_id: workspaceId },
    });
    expect(video.status, video.text).toBe(200);
    // Once each. In any order: when the last result and the release land together, both events are
    // due at once and the spec does not order deliveries. Once both deliveries have ended delivered,
    // no attempt of either is still to come.
    await until("this walkthrough's deliveries to end", async () => {
      const deliveries = await db().webhookDelivery.findMany({ where: { event: { inspectionId: walk.inspectionId } } });
      return deliveries.length === 2 && deliveries.every((delivery) => delivery.status === "delivered") ? deliveries : undefined;
    });
    const mine = receiver.received.filter((delivery) => bodyOf(delivery).inspection_id === walk.inspectionId);
    expect(mine.map((delivery) => bodyOf(delivery).event_type).sort()).toEqual([
      "inspection.completed",
      "inspection.recording_completed",
    ]);
  });

  it("goes with what it has once the hold after the seal is over: pending items, block in_progress", async () => {
    provider.reset();
    provider.setDelay(45_000);
    try {
      const partner = await partnerWithReceiver();
      const workspaceId = await readyWorkspace(partner.apiKey, "held", [item("home-1")]);
      const put = await call("PUT", "/v1/properties/home-1/checklist", {
        key: partner.apiKey,
        query: { workspace_id: workspaceId },
        body: { items: items.map((name) => ({ name })) },
      });
      expect(put.status, put.text).toBe(200);
      const walk = await sealedWalkthrough(partner.apiKey, { workspaceId, taps: [{ name: items[0]!, atSeconds: 1 }] });
      const sealedAt = (await db().inspection.findUniqueOrThrow({ where: { id: walk.inspectionId } })).sealedAt!;
      const recorded = await inspectionEvent(walk.inspectionId, "inspection.recording_completed", 40_000);
      const waited = recorded.at - sealedAt.getTime();
      expect(waited).toBeGreaterThanOrEqual(19_000);
      expect(waited).toBeLessThan(30_000);
      expect(verified(partner.secret, recorded)).toMatchObject({
        checklist: {
          status: "in_progress",
          counts: { pending: 1, verified: 0 },
          items: [{ name: items[0], state: "pending", timestamp: 1 }],
        },
      });
      expect((JSON.parse(recorded.body) as { checklist: { items: object[] } }).checklist.items[0]).not.toHaveProperty(
        "image_url",
      );
    } finally {
      provider.setDelay(0);
    }
  });

  it("does not hold recording_completed for a home without a checklist, and leaves the key out", async () => {
    const partner = await partnerWithReceiver();
    const workspaceId = await readyWorkspace(partner.apiKey, "bare", [item("bare")]);
    const walk = await sealedWalkthrough(partner.apiKey, { workspaceId, propertyId: "bare" });
    const sealedAt = (await db().inspection.findUniqueOrThrow({ where: { id: walk.inspectionId } })).sealedAt!;
    const recorded = await inspectionEvent(walk.inspectionId, "inspection.recording_completed", 20_000);
    expect(recorded.at - sealedAt.getTime()).toBeLessThan(10_000);
    const event = verified(partner.secret, recorded) as InspectionEventBody;
    expect(event).not.toHaveProperty("checklist");
    expect(event).not.toHaveProperty("media_expires_in");
  });

  /** An inspection failed by staff whose first attempt the receiver refuses; `change` runs before the second. */
  async function decidedAgain(
    change: (partner: TestPartner, workspaceId: string) => Promise<void>,
  ): Promise<LogEntry & { arrived: number }> {
    const partner = await partnerWithReceiver();
    const workspaceId = await readyWorkspace(partner.apiKey, "again", [item("home-1")]);
    const link = await issueLink(partner.apiKey, {
      workspace_id: workspaceId,
      task_id: `task-${randomUUID()}`,
      property_id: "home-1",
    });
    const opened = await recorder(link.recording_url).open();
    const inspectionId = opened.body.inspection_id as string;
    // The first attempt is answered 500 once the change is made, so the second attempt comes after it.
    let changed!: () => void;
    receiver.replyNext({
      status: 500,
      after: new Promise<void>((resolve) => (changed = resolve)),
      matches: (body) => (JSON.parse(body) as { inspection_id?: string }).inspection_id === inspectionId,
    });
    await admin("review", "fail", "--inspection", inspectionId, "--reason", "other");
    const first = await inspectionEvent(inspectionId, "inspection.failed");
    const event = verified(partner.secret, first) as InspectionEventBody;
    expect(event).toMatchObject({ reason: "other", workspace_id: workspaceId, property_id: "home-1" });
    for (const absent of ["checklist", "report", "report_url", "video_url"]) expect(event).not.toHaveProperty(absent);
    await change(partner, workspaceId).finally(changed);
    const entry = await finishedDelivery(partner.partnerId, event.event_id);
    return { ...entry, arrived: receiver.of(event.event_id).length };
  }

  it("decides again before every attempt: a paused integration is not sent to", async () => {
    const entry = await decidedAgain((partner) => setPartnerStatus(partner.partnerId, "paused"));
    expect(entry).toMatchObject({ status: "skipped", skip_reason: "partner_paused", arrived: 1 });
    expect(entry.attempts).toHaveLength(1);
  });

  it("decides again: no key holding read:inspections", async () => {
    const entry = await decidedAgain(async (partner) => {
      await adminRun("key", "revoke", "--key", partner.keyId);
    });
    expect(entry).toMatchObject({ status: "skipped", skip_reason: "no_key_with_scope", arrived: 1 });
  });

  it("decides again: a workspace that is no longer the partner's", async () => {
    const other = await createTestPartner();
    const entry = await decidedAgain(async (partner, workspaceId) => {
      await db().workspace.update({
        where: { partnerId_externalId: { partnerId: partner.partnerId, externalId: workspaceId } },
        data: { partnerId: other.partnerId },
      });
    });
    expect(entry).toMatchObject({ status: "skipped", skip_reason: "workspace_not_partners", arrived: 1 });
  });

  it("does not decide switched-off again: a home dropped from the roster after the event was recorded leaves its retries alone", async () => {
    const entry = await decidedAgain(async (partner, workspaceId) => {
      // The roster drops the home: it is inactive from the applied import on.
      expect(
        (await pushAndWait(partner.apiKey, workspaceId, snapshot([item("home-2")], { acknowledge_inactive_count: 1 }))).status,
      ).toBe("applied");
    });
    expect(entry).toMatchObject({ status: "delivered", arrived: 2 });
    expect(entry.attempts.map((attempt) => attempt.status_code)).toEqual([500, 204]);
  });

  it("sends no inspection event for a walkthrough whose home was switched off before the event was recorded", async () => {
    const partner = await partnerWithReceiver();
    const workspaceId = await readyWorkspace(partner.apiKey, "off", [item("home-1"), item("home-2")]);
    const link = await issueLink(partner.apiKey, {
      workspace_id: workspaceId,
      task_id: `task-${randomUUID()}`,
      property_id: "home-1",
    });
    const inspectionId = (await recorder(link.recording_url).open()).body.inspection_id as string;
    expect(
      (await pushAndWait(partner.apiKey, workspaceId, snapshot([item("home-2")], { acknowledge_inactive_count: 1 }))).status,
    ).toBe("applied");
    await admin("review", "fail", "--inspection", inspectionId, "--reason", "other");
    const event = await until("the failed event", () =>
      db()
        .webhookEvent.findFirst({ where: { inspectionId, eventType: "inspection.failed" } })
        .then((row) => row ?? undefined),
    );
    const entry = await finishedDelivery(partner.partnerId, event.id);
    expect(entry).toMatchObject({ status: "skipped", skip_reason: "unit_switched_off", attempts: [] });
    // Switched back on, the decision stands: a replay is skipped too.
    expect((await pushAndWait(partner.apiKey, workspaceId, snapshot([item("home-1"), item("home-2")]))).status).toBe("applied");
    await waitForActivation(partner.apiKey, workspaceId);
    const replayed = await admin<{ delivery_id: string }>("webhook", "replay", "--delivery", entry.delivery_id);
    const again = await until(
      "the replay to finish",
      async () =>
        (await deliveries(partner.partnerId, "--event", event.id)).find(
          (row) => row.delivery_id === replayed.delivery_id && row.status !== "pending",
        ),
      40_000,
      250,
    );
    expect(again).toMatchObject({ status: "skipped", skip_reason: "unit_switched_off" });
    expect(receiver.of(event.id)).toHaveLength(0);
  });
});

describe("inspection.failed", () => {
  async function openedWalkthrough(
    label: string,
  ): Promise<{ partner: TestPartner & { secret: string }; workspaceId: string; taskId: string; inspectionId: string }> {
    const partner = await partnerWithReceiver();
    const workspaceId = await readyWorkspace(partner.apiKey, label, [item("home-1")]);
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const inspectionId = (await recorder(link.recording_url).open()).body.inspection_id as string;
    return { partner, workspaceId, taskId, inspectionId };
  }

  it("is sent when the seal gives up, verified, with reason seal_failed, completed_at and delivery not sent", async () => {
    const { partner, workspaceId, taskId, inspectionId } = await openedWalkthrough("seal-gave-up");
    // What the seal job's give-up step (failRecording) writes.
    expect(await failInspection(inspectionId, "seal_failed")).toBe(true);
    const failed = await inspectionEvent(inspectionId, "inspection.failed");
    const event = verified(partner.secret, failed) as InspectionEventBody;
    const row = await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } });
    expect(event).toEqual({
      version: 1,
      event_id: failed.headers["webhook-id"],
      event_type: "inspection.failed",
      workspace_id: workspaceId,
      task_id: taskId,
      property_id: "home-1",
      inspection_id: inspectionId,
      completed_at: row.failedAt!.toISOString(),
      reason: "seal_failed",
      delivery: { sent: false, reason: "clean" },
    });
    expect((await finishedDelivery(partner.partnerId, event.event_id)).status).toBe("delivered");
  });

  it("ends an event whose body cannot be built failed (unbuildable) in the log and the jobs view, logged once, and builds it again on replay", async () => {
    const { partner, inspectionId } = await openedWalkthrough("unbuildable");
    // A reason this code cannot write (a row another version left) fails the body's schema.
    await db().$transaction(async (tx) => {
      await tx.inspection.update({
        where: { id: inspectionId },
        data: { status: "failed", failureReason: "lost_in_transit", failedAt: new Date() },
      });
      await recordInspectionEvents(tx, [inspectionId], "inspection.failed");
    });
    const { id: eventId } = await db().webhookEvent.findFirstOrThrow({ where: { inspectionId, eventType: "inspection.failed" } });
    const entry = await finishedDelivery(partner.partnerId, eventId);
    expect(entry).toMatchObject({ status: "failed", skip_reason: "unbuildable", attempts: [] });
    expect(await db().webhookEvent.findUniqueOrThrow({ where: { id: eventId } })).toMatchObject({
      body: null,
      buildAfter: null,
      buildFailures: 1,
    });
    const counted = async () =>
      (await admin<{ queues: { queue: string; failed: number }[] }>("jobs")).queues.find(
        (queue) => queue.queue === "webhook-events",
      );
    expect(await counted()).toMatchObject({ failed: 1 });
    const logs = await Promise.all(workers.map((worker) => readFile(worker.logFile, "utf8")));
    const errors = logs
      .join("\n")
      .split("\n")
      .filter((line) => line.includes(eventId) && line.includes('"level":50'));
    expect(errors).toHaveLength(1);
    expect(receiver.received.some((delivery) => bodyOf(delivery).inspection_id === inspectionId)).toBe(false);

    // Once the row is mended, a replay builds the event and sends it.
    await db().inspection.update({ where: { id: inspectionId }, data: { failureReason: "other" } });
    const replayed = await admin<{ delivery_id: string; event_id: string }>("webhook", "replay", "--delivery", entry.delivery_id);
    expect(replayed.event_id).toBe(eventId);
    const [arrived] = await deliveredTo(eventId);
    expect(verified(partner.secret, arrived!)).toMatchObject({ event_id: eventId, reason: "other" });
    // The receiver has it; the worker writes "delivered" once the receiver's answer is back.
    const log = await until(
      "the replay logged delivered",
      async () => {
        const rows = await deliveries(partner.partnerId, "--event", eventId);
        return rows.some((row) => row.status === "delivered") ? rows : undefined;
      },
      20_000,
    );
    expect(log.map((row) => [row.status, row.replay_of])).toEqual([
      ["delivered", entry.delivery_id],
      ["failed", undefined],
    ]);
    expect(await counted()).toMatchObject({ failed: 0 });
  });
});

describe("a worker killed mid-attempt", () => {
  it("leaves the delivery to the next worker, which sends it (at least once)", async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    const doomed = await startWorker();
    const partner = await partnerWithReceiver();
    receiver.replyNext({ hangMs: 60_000 });
    const sent = await admin<{ event_id: string }>("webhook", "test", "--partner", partner.partnerId);
    await deliveredTo(sent.event_id);
    await doomed.kill();
    await startWorker();
    const both = await deliveredTo(sent.event_id, 2, 60_000);
    expect(both[1]!.headers["webhook-id"]).toBe(sent.event_id);
    expect(verified(partner.secret, both[1]!)).toBeTruthy();
    expect((await finishedDelivery(partner.partnerId, sent.event_id)).status).toBe("delivered");
  });
});
