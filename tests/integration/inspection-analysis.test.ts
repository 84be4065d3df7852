import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, db } from "../../lib/db/client";
import { type AppProcess, demoApiKey, startAppProcess } from "../support/app-process";
import { useAppUnderTest } from "../support/app-under-test";
import { call } from "../support/api";
import { runAdminJson } from "../support/cli";
import { createDatabase, useDatabase } from "../support/databases";
import { type FakeAnalysisProvider, startFakeAnalysisProvider } from "../support/fake-analysis-provider";
import { testAppEnv } from "../support/global-setup";
import { until } from "../support/until";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";

/*
 * The pipeline with an analysis provider: the fake provider (a real HTTP server speaking chat
 * completions) answers scripted verdicts and findings, fails when told to, and is slow when a
 * worker is to be killed mid-call. A web-only app and `npm run worker` processes on a database of
 * their own, configured as production would be (ANALYSIS_API_URL, ANALYSIS_MODEL, ANALYSIS_API_KEY).
 */

let provider: FakeAnalysisProvider;
let app: AppProcess;
let databaseUrl: string;
let key: string;
let workspaceId: string;
let env: Record<string, string>;
const workers: WorkerProcess[] = [];
const items = ["Kitchen wiped", "Beds made", "Mirror clean"];

async function startWorker(): Promise<WorkerProcess> {
  const worker = await startWorkerProcess({ databaseUrl, dataDir: app.dataDir, env });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  provider = await startFakeAnalysisProvider();
  databaseUrl = await createDatabase(inject("pgAdminUrl"), "analysis");
  env = {
    ...testAppEnv,
    APP_SECRET: randomBytes(32).toString("base64url"),
    CREATE_DEMO_PARTNER: "true",
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    ANALYSIS_API_URL: provider.baseUrl,
    ANALYSIS_API_KEY: provider.apiKey,
    ANALYSIS_MODEL: provider.model,
    ANALYSIS_TIMEOUT_SECONDS: "20",
    ANALYSIS_RECHECK_DELAYS_SECONDS: "1,2,3",
  };
  app = await startAppProcess({ databaseUrl, env: { ...env, RUN_WORKERS: "false" } });
  process.env.APP_SECRET = env.APP_SECRET;
  await useDatabase(databaseUrl);
  useAppUnderTest({ baseUrl: app.baseUrl, dataDir: app.dataDir });
  await startWorker();
  key = await demoApiKey(app);
  workspaceId = await readyWorkspace(key, "analysis", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", { key, query: { workspace_id: workspaceId }, body: { items: items.map((name) => ({ name })) } });
  expect(put.status).toBe(200);
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await closeDb();
  await app?.stop();
  await provider?.close();
});

const status = (taskId: string) => call("GET", "/v1/inspections", { key, query: { workspace_id: workspaceId, task_id: taskId } });
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, { DATABASE_URL: databaseUrl, DATA_DIR: app.dataDir, APP_SECRET: env.APP_SECRET! });
const analysed = (inspectionId: string, timeoutMs = 90_000) =>
  until("the analysis to finish", async () => ((await db().inspection.findUniqueOrThrow({ where: { id: inspectionId } })).analyzedAt ? true : undefined), timeoutMs, 200);
const taps = [{ name: items[0]!, atSeconds: 1 }, { name: items[1]!, atSeconds: 3 }, { name: items[2]!, atSeconds: 5 }];

describe("analysis with a provider", () => {
  it("decides confident verdicts, sends unsure ones and findings to staff, then releases with before/after evidence", async () => {
    provider.reset();
    provider.setVerdict(items[0]!, { state: "verified", confidence: 0.95, rationale: "The counter is clear and shiny." });
    provider.setVerdict(items[1]!, { state: "missed", confidence: 0.9, rationale: "The duvet is on the floor." });
    provider.setVerdict(items[2]!, { state: "verified", confidence: 0.5, rationale: "Hard to tell through the steam." });
    provider.setFindings([
      { atSeconds: 0, room: "Kitchen", description: "The oven door glass is cracked.", severity: "MAJOR", category: "damage", confidence: 0.95 },
      { atSeconds: 6, room: "Bathroom", description: "Hair left in the sink.", severity: "MINOR", category: "cleaning", confidence: 0.4 },
    ]);
    const walk = await sealedWalkthrough(key, { workspaceId, taps, video: { seconds: 9, scene: "rooms" } });
    await analysed(walk.inspectionId);

    const before = await status(walk.taskId);
    expect(before.body).toMatchObject({ status: "processing", checklist: { status: "in_progress", counts: { verified: 1, missed: 1, pending: 1 } } });
    expect((before.body.checklist as { items: { name: string; state: string }[] }).items.map((line) => [line.name, line.state])).toEqual([
      [items[0], "verified"],
      [items[1], "missed"],
      [items[2], "pending"],
    ]);
    // Each verdict was asked with frames around its tap; findings with frames across the video.
    const verdictCalls = provider.requests.filter((request) => request.kind === "checklist_verdict");
    expect(verdictCalls.map((request) => request.itemName).sort()).toEqual([...items].sort());
    expect(verdictCalls.every((request) => request.images >= 1 && request.images <= 3)).toBe(true);
    const frames = provider.requests.filter((request) => request.kind === "findings").flatMap((request) => request.frameSeconds ?? []);
    expect(frames[0]).toBe(0);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(await db().analysisCall.count({ where: { inspectionId: walk.inspectionId, outcome: "ok" } })).toBe(provider.requests.length);

    const shown = await admin<{ items: { name: string; provider?: { state: string; rationale: string } }[]; findings: { finding_id: string; review_needed: boolean; category: string }[] }>(
      "review", "show", "--inspection", walk.inspectionId,
    );
    expect(shown.items[2]).toMatchObject({ name: items[2], provider: { state: "verified", rationale: "Hard to tell through the steam." } });
    const unsure = shown.findings.find((finding) => finding.review_needed)!;
    expect(unsure.category).toBe("cleaning");
    await admin("review", "decide", "--inspection", walk.inspectionId, "--item", walk.idOf(items[2]!), "--state", "verified");
    const accepted = await admin<{ released: boolean }>("review", "finding", "accept", "--finding", unsure.finding_id);
    expect(accepted.released).toBe(true);

    expect((await status(walk.taskId)).body).toMatchObject({ status: "completed", checklist: { status: "complete", counts: { verified: 2, missed: 1, pending: 0 } } });
    const report = await call("GET", `/v1/inspections/${walk.inspectionId}/findings`, { key, query: { workspace_id: workspaceId } });
    expect(report.status, report.text).toBe(200);
    const findings = report.body.findings as { id: string; category: string; video_timestamp_seconds: number; evidence: { after: { url: string }[]; before: { url: string }[] } }[];
    expect(findings.map((finding) => finding.category)).toEqual(["damage", "cleaning"]);
    expect(findings[0]!.video_timestamp_seconds).toBe(0);
    expect((await fetch(findings[0]!.evidence.after[0]!.url)).status).toBe(200);

    const stats = await admin<{ items: { provider_state: string; agreed: number }[]; findings: { category: string; accepted: number }[]; usage: { calls: number } }>("analysis", "stats");
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
    expect((await status(walk.taskId)).body).toMatchObject({ status: "completed", checklist: { status: "complete", counts: { verified: 1, not_checked: 0 } } });
    const outcomes = await db().analysisCall.findMany({ where: { inspectionId: walk.inspectionId, kind: "checklist_verdict" }, orderBy: { createdAt: "asc" } });
    expect(outcomes.map((call) => call.outcome)).toEqual(["malformed", "malformed", "malformed", "ok"]);
  });

  it("survives a worker killed mid-analysis: the next worker finishes it with no finding twice", async () => {
    provider.reset();
    provider.setFindings([{ atSeconds: 0, room: "Hall", description: "A guest's umbrella left by the door.", severity: "MINOR", category: "lost_item", confidence: 0.99 }]);
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
    const lines = await db().inspectionItem.findMany({ where: { inspectionId: walk.inspectionId }, orderBy: { position: "asc" } });
    expect(lines.map((line) => [line.state, line.decidedBy])).toEqual(items.map(() => ["verified", "provider"]));
    expect((await status(walk.taskId)).body.status).toBe("completed");
  });
});
