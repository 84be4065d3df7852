import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { demoApiKey } from "../support/app-process";
import { call, expectError } from "../support/api";
import { runAdminJson } from "../support/cli";
import { type FakeAnalysisProvider } from "../support/fake-analysis-provider";
import { until } from "../support/until";
import { makeTestVideo } from "../support/video-fixtures";
import { issueLink, readyWorkspace } from "../fixtures/recording";
import { recorder, uploadRuns, waitUntilSealed } from "../fixtures/recorder";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";
import { useApp } from "../support/use-app";

/*
 * The pipeline with an analysis provider: the fake provider (a real HTTP server speaking chat
 * completions) answers scripted verdicts and findings, fails when told to, and is slow when a
 * worker is to be killed mid-call. A web-only app and `npm run worker` processes on a database of
 * their own, configured as production would be (ANALYSIS_API_URL, ANALYSIS_MODEL, ANALYSIS_API_KEY).
 */

const app = useApp({
  env: {
    CREATE_DEMO_PARTNER: "true",
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    ANALYSIS_TIMEOUT_SECONDS: "20",
    ANALYSIS_RECHECK_DELAYS_SECONDS: "1,2,3",
  },
  fakes: ["analysis"],
  workers: 1,
  database: "analysis",
});
const { workers } = app;
const startWorker = () => app.startWorker();
let provider: FakeAnalysisProvider;
let key: string;
let workspaceId: string;
const items = ["Kitchen wiped", "Beds made", "Mirror clean"];

beforeAll(async () => {
  provider = app.analysis;
  key = await demoApiKey(app);
  workspaceId = await readyWorkspace(key, "analysis", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status).toBe(200);
});

const status = (taskId: string) => call("GET", "/v1/inspections", { key, query: { workspace_id: workspaceId, task_id: taskId } });
const admin = <T = Record<string, unknown>>(...args: string[]) =>
  runAdminJson<T>(args, { DATABASE_URL: app.databaseUrl, DATA_DIR: app.dataDir, APP_SECRET: app.env.APP_SECRET! });
const analysed = (inspectionId: string, timeoutMs = 90_000) =>
  until(
    "the analysis to finish",
    async () => ((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).analyzedAt ? true : undefined),
    timeoutMs,
    200,
  );
const taps = [
  { name: items[0]!, atSeconds: 1 },
  { name: items[1]!, atSeconds: 3 },
  { name: items[2]!, atSeconds: 5 },
];

describe("analysis with a provider", () => {
  it("decides confident verdicts, sends unsure ones and findings to staff, then releases with before/after evidence", async () => {
    provider.reset();
    provider.setVerdict(items[0]!, { state: "verified", confidence: 0.95, rationale: "The counter is clear and shiny." });
    provider.setVerdict(items[1]!, { state: "missed", confidence: 0.9, rationale: "The duvet is on the floor." });
    provider.setVerdict(items[2]!, { state: "verified", confidence: 0.5, rationale: "Hard to tell through the steam." });
    provider.setFindings([
      {
        atSeconds: 0,
        room: "Kitchen",
        description: "The oven door glass is cracked.",
        severity: "MAJOR",
        category: "damage",
        confidence: 0.95,
      },
      {
        atSeconds: 6,
        room: "Bathroom",
        description: "Hair left in the sink.",
        severity: "MINOR",
        category: "cleaning",
        confidence: 0.4,
      },
    ]);
    const walk = await sealedWalkthrough(key, { workspaceId, taps, video: { seconds: 9, scene: "rooms" } });
    await analysed(walk.inspectionId);

    const before = await status(walk.taskId);
    expect(before.body).toMatchObject({
      status: "processing",
      checklist: { status: "in_progress", counts: { verified: 1, missed: 1, pending: 1 } },
    });
    expect(
      (before.body.checklist as { items: { name: string; state: string }[] }).items.map((line) => [line.name, line.state]),
    ).toEqual([
      [items[0], "verified"],
      [items[1], "missed"],
      [items[2], "pending"],
    ]);
    // Each verdict was asked with frames around its tap; findings with frames across the video.
    const verdictCalls = provider.requests.filter((request) => request.kind === "checklist_verdict");
    expect(verdictCalls.map((request) => request.itemName).sort()).toEqual([...items].sort());
    expect(verdictCalls.every((request) => request.images >= 1 && request.images <= 3)).toBe(true);
    const frames = provider.requests
      .filter((request) => request.kind === "findings")
      .flatMap((request) => request.frameSeconds ?? []);
    expect(frames[0]).toBe(0);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(await db().analysisCall.count({ where: { inspectionId: walk.inspectionId, outcome: "ok" } })).toBe(
      provider.requests.length,
    );

    const shown = await admin<{
      items: { name: string; provider?: { state: string; rationale: string } }[];
      findings: { finding_id: string; review_needed: boolean; category: string }[];
    }>("review", "show", "--inspection", walk.inspectionId);
    expect(shown.items[2]).toMatchObject({
      name: items[2],
      provider: { state: "verified", rationale: "Hard to tell through the steam." },
    });
    const unsure = shown.findings.find((finding) => finding.review_needed)!;
    expect(unsure.category).toBe("cleaning");
    await admin("review", "decide", "--inspection", walk.inspectionId, "--item", walk.idOf(items[2]!), "--state", "verified");
    const accepted = await admin<{ released: boolean }>("review", "finding", "accept", "--finding", unsure.finding_id);
    expect(accepted.released).toBe(true);

    expect((await status(walk.taskId)).body).toMatchObject({
      status: "completed",
      checklist: { status: "complete", counts: { verified: 2, missed: 1, pending: 0 } },
    });
    const report = await call("GET", `/v1/inspections/${walk.inspectionId}/findings`, {
      key,
      query: { workspace_id: workspaceId },
    });
    expect(report.status, report.text).toBe(200);
    const findings = report.body.findings as {
      id: string;
      category: string;
      video_timestamp_seconds: number;
      evidence: { after: { url: string }[]; before: { url: string }[] };
    }[];
    expect(findings.map((finding) => finding.category)).toEqual(["damage", "cleaning"]);
    expect(findings[0]!.video_timestamp_seconds).toBe(0);
    expect((await fetch(findings[0]!.evidence.after[0]!.url)).status).toBe(200);

    const stats = await admin<{
      items: { provider_state: string; agreed: number }[];
      findings: { category: string; accepted: number }[];
      usage: { calls: number };
    }>("analysis", "stats");
    expect(stats.items).toEqual([{ provider_state: "verified", decided_by_staff: 1, agreed: 1 }]);
    expect(stats.findings).toEqual([{ category: "cleaning", reviewed: 1, accepted: 1 }]);
    expect(stats.usage.calls).toBeGreaterThanOrEqual(provider.requests.length);
  });

  it("ends an item not_checked when the provider gives no usable answer, and re-checks it within 24 hours", async () => {
    provider.reset();
    provider.failNext("garbage", 3, "checklist_verdict");
    const walk = await sealedWalkthrough(key, { workspaceId, taps: [taps[0]!] });
    await analysed(walk.inspectionId);
    // Never counted as missed, and it holds nothing back: the report is out.
    const first = await db().inspectionItem.findFirstOrThrow({ where: { inspectionId: walk.inspectionId } });
    expect(first.recheckUntil).not.toBeNull();
    const settled = await until(
      "the re-check",
      async () => {
        const line = await db().inspectionItem.findFirstOrThrow({ where: { inspectionId: walk.inspectionId } });
        return line.state === "verified" ? line : undefined;
      },
      60_000,
      200,
    );
    expect(settled.decidedBy).toBe("provider");
    expect((await status(walk.taskId)).body).toMatchObject({
      status: "completed",
      checklist: { status: "complete", counts: { verified: 1, not_checked: 0 } },
    });
    const outcomes = await db().analysisCall.findMany({
      where: { inspectionId: walk.inspectionId, kind: "checklist_verdict" },
      orderBy: { createdAt: "asc" },
    });
    expect(outcomes.map((call) => call.outcome)).toEqual(["malformed", "malformed", "malformed", "ok"]);
  });

  it("survives a worker killed mid-analysis: the next worker finishes it with no finding twice", async () => {
    provider.reset();
    provider.setFindings([
      {
        atSeconds: 0,
        room: "Hall",
        description: "A guest's umbrella left by the door.",
        severity: "MINOR",
        category: "lost_item",
        confidence: 0.99,
      },
    ]);
    provider.setDelay(3000);
    const [first] = workers;
    const walk = await sealedWalkthrough(key, { workspaceId, taps });
    await until("a provider call to be in flight", async () => (provider.requests.length > 0 ? true : undefined), 60_000, 50);
    await first!.kill();
    provider.setDelay(0);
    await startWorker();
    await analysed(walk.inspectionId, 120_000);
    const findings = await db().finding.findMany({ where: { inspectionId: walk.inspectionId } });
    expect(findings.map((finding) => finding.description)).toEqual(["A guest's umbrella left by the door."]);
    const lines = await db().inspectionItem.findMany({
      where: { inspectionId: walk.inspectionId },
      orderBy: { position: "asc" },
    });
    expect(lines.map((line) => [line.state, line.decidedBy])).toEqual(items.map(() => ["verified", "provider"]));
    // The release follows the analysis' end in a step of its own: poll, do not race it.
    await until(
      "the release",
      async () => ((await status(walk.taskId)).body.status === "completed" ? true : undefined),
      30_000,
      200,
    );
  });
});

describe("provider calls per walkthrough", () => {
  const jpegLike = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);

  async function openedWalk() {
    const link = await issueLink(key, { workspace_id: workspaceId, task_id: `task-${randomUUID()}`, property_id: "home-1" });
    const rec = recorder(link.recording_url);
    const opened = await rec.open();
    expect(opened.status, opened.text).toBe(200);
    const ids = (opened.body.checklist as { items: { id: string }[] }[]).flatMap((section) =>
      section.items.map((entry) => entry.id),
    );
    return { rec, inspectionId: opened.body.inspection_id as string, ids };
  }

  it("a tap's still is judged at most twice, and live stills spend at most 2 calls per checklist item", async () => {
    provider.reset();
    const { rec, inspectionId, ids } = await openedWalk();
    // Seven checks, each undone before the next: seq 1, 3, 5 ... are checks.
    const events = Array.from({ length: 7 }, (_, index) => [
      { seq: 2 * index + 1, item_id: ids[index % ids.length]!, action: "check" as const, run_seconds: index },
      { seq: 2 * index + 2, item_id: ids[index % ids.length]!, action: "uncheck" as const, run_seconds: index + 0.5 },
    ]).flat();
    expect((await rec.taps(events)).status).toBe(200);

    for (let sent = 0; sent < 2; sent++) expect((await rec.putTapStill(1, jpegLike())).body).toEqual({ judged: true });
    expect(expectError(await rec.putTapStill(1, jpegLike()), 409, "tap_still_limit").detail).toEqual({ limit: 2 });
    for (const seq of [3, 5, 7, 9]) expect((await rec.putTapStill(seq, jpegLike())).body).toEqual({ judged: true });
    // 3 items: 6 live calls spent; a re-film's still is refused with the reason, and nothing is stored.
    expect(expectError(await rec.putTapStill(11, jpegLike()), 409, "live_check_limit").detail).toEqual({ limit: 6 });
    expect((await db().checklistTap.findFirstOrThrow({ where: { inspectionId, seq: 11 } })).liveStillKey).toBeNull();

    await until(
      "the live verdicts",
      async () =>
        (await db().checklistTap.count({ where: { inspectionId, liveState: { not: null } } })) === 5 ? true : undefined,
      90_000,
      200,
    );
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).providerCalls).toBe(6);
    const asked = provider.requests.filter((request) => request.kind === "checklist_verdict").length;
    expect(asked).toBeGreaterThanOrEqual(5);
    expect(asked).toBeLessThanOrEqual(6);
  });

  it("a re-check is a call like any other: past the cap a not_checked item stays not_checked and is not asked again", async () => {
    provider.reset();
    provider.failNext("garbage", 3, "checklist_verdict");
    const { rec, inspectionId, ids } = await openedWalk();
    // One call left: the first verdict takes it (no usable answer), so its re-check finds none.
    await db().inspection.update({ where: { id: inspectionId }, data: { providerCalls: 3 * items.length + 40 - 1 } });
    const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-budget-"));
    const parts = await uploadRuns(rec, [await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 4 })]);
    expect((await rec.taps([{ seq: 1, item_id: ids[0]!, action: "check", run_seconds: 1 }])).status).toBe(200);
    expect((await rec.finish({ parts, events_seq: 1, finish_anyway: ids.slice(1) })).status).toBe(202);
    expect((await waitUntilSealed(rec)).state).toBe("sealed");
    await analysed(inspectionId);
    const line = await until(
      "the re-check to give up",
      async () => {
        const found = await db().inspectionItem.findFirstOrThrow({ where: { inspectionId, itemId: ids[0]! } });
        return found.state === "not_checked" && found.recheckUntil === null ? found : undefined;
      },
      60_000,
      200,
    );
    expect(line.reviewNeeded).toBe(false);
    // The three attempts of the one question the walkthrough could still afford, and nothing after.
    expect(provider.requests.map((request) => request.kind)).toEqual([
      "checklist_verdict",
      "checklist_verdict",
      "checklist_verdict",
    ]);
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).providerCalls).toBe(3 * items.length + 40);
  });

  it("the sealed video spends only what is left: past the cap verdicts wait for staff and no findings are asked", async () => {
    provider.reset();
    const { rec, inspectionId, ids } = await openedWalk();
    // As if live stills and re-checks had spent all but one of the walkthrough's calls (3 per item + 40 findings batches).
    await db().inspection.update({ where: { id: inspectionId }, data: { providerCalls: 3 * items.length + 40 - 1 } });
    const dir = await mkdtemp(path.join(tmpdir(), "walkthrough-budget-"));
    const parts = await uploadRuns(rec, [await makeTestVideo(dir, "walk.webm", { format: "webm-vp8-stream", seconds: 6 })]);
    expect(
      (
        await rec.taps(
          ids.map((id, index) => ({ seq: index + 1, item_id: id, action: "check" as const, run_seconds: 1 + 2 * index })),
        )
      ).status,
    ).toBe(200);
    expect((await rec.finish({ parts, events_seq: ids.length })).status).toBe(202);
    expect((await waitUntilSealed(rec)).state).toBe("sealed");
    await analysed(inspectionId);

    expect(provider.requests.map((request) => [request.kind, request.itemName])).toEqual([["checklist_verdict", items[0]]]);
    expect((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).providerCalls).toBe(3 * items.length + 40);
    const lines = await db().inspectionItem.findMany({ where: { inspectionId }, orderBy: { position: "asc" } });
    expect(lines.map((line) => [line.name, line.state, line.reviewNeeded])).toEqual([
      [items[0], "verified", false],
      [items[1], "pending", true],
      [items[2], "pending", true],
    ]);
  });
});
