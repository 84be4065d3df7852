import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { cliActor } from "../../lib/consoles/audit";
import { runSandboxWalkthroughAs } from "../../lib/consoles/sandbox-operations";
import { db } from "../../lib/db/client";
import { listReviewQueue } from "../../lib/review/list-review-queue";
import { usageOf } from "../../lib/usage/read-usage";
import { call, expectError } from "../support/api";
import { runAdmin, runAdminJson } from "../support/cli";
import { until } from "../support/until";
import { useApp } from "../support/use-app";
import type { ReceivedDelivery } from "../support/webhook-receiver";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item, provision, pushAndWait, snapshot } from "../fixtures/roster";

/*
 * The sandbox end to end, over real HTTP against the app and its worker: sandbox keys from the
 * staff CLI, a sandbox workspace provisioned and given a roster by one, simulated walkthroughs of
 * each outcome through the real seal, analysis and release, and both events at a real receiver
 * that verifies them with the Standard Webhooks library. The app asks staff to review every
 * answer (ANALYSIS_REVIEW=always): a sandbox walkthrough is released all the same, never queued.
 */

const app = useApp({
  env: {
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    WEBHOOK_RETRY_DELAYS_SECONDS: "1,1,1,1,1",
    WEBHOOK_RECORDING_HOLD_SECONDS: "20",
    ANALYSIS_REVIEW: "always",
    USAGE_FLUSH_SECONDS: "1",
  },
  fakes: ["webhooks"],
  workers: 1,
  appUrl: true,
  database: "sandbox",
});

const adminEnv = () => ({
  DATABASE_URL: app.databaseUrl,
  DATA_DIR: app.dataDir,
  APP_SECRET: app.env.APP_SECRET!,
  APP_URL: app.baseUrl,
  WEBHOOKS_ALLOW_PRIVATE_RECEIVERS: "true",
});
const admin = <T = Record<string, unknown>>(...args: string[]) => runAdminJson<T>(args, adminEnv());

interface EventBody {
  event_id: string;
  event_type: string;
  workspace_id: string;
  task_id: string;
  inspection_id: string;
  checklist?: { status: string; counts: Record<string, number>; items: { name: string; state: string }[] };
  delivery?: { sent: boolean; reason: string };
  report_url?: string;
}

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.body) as EventBody;

async function sandboxKey(partnerId: string): Promise<string> {
  const issued = await admin<{ key_id: string; api_key: string }>("key", "create", "--partner", partnerId, "--sandbox");
  expect(Object.keys(issued).sort()).toEqual(["api_key", "key_id"]);
  expect(issued.api_key).toMatch(/^service_pk_/);
  return issued.api_key;
}

/** The partner's event of `type` for the inspection, verified as a receiver verifies it. */
async function verifiedEvent(secret: string, inspectionId: string, type: string): Promise<EventBody> {
  const delivery = await until(
    `${type} of ${inspectionId}`,
    async () =>
      app.webhooks.received.find((candidate) => {
        const body = bodyOf(candidate);
        return body.inspection_id === inspectionId && body.event_type === type;
      }),
    150_000,
    250,
  );
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as EventBody;
}

const items = ["Beds made", "Floors mopped"];

describe("sandbox keys", () => {
  it("are issued by the CLI as live keys are, listed as sandbox, and do not take a live key's place", async () => {
    const partner = await createTestPartner();
    await sandboxKey(partner.partnerId);
    // One live key from creation, plus one sandbox key: a second live key is still allowed, a third is not.
    await admin("key", "create", "--partner", partner.partnerId);
    const third = await runAdmin(["key", "create", "--partner", partner.partnerId, "--json"], adminEnv());
    expect(third.code).toBe(1);
    expect(third.stderr).toContain("2 active live keys");
    // Sandbox keys have two places of their own.
    await sandboxKey(partner.partnerId);
    const listed = await admin<{ keys: { mode: string; status: string }[] }>("key", "list", "--partner", partner.partnerId);
    expect(listed.keys.map((key) => key.mode).sort()).toEqual(["live", "live", "sandbox", "sandbox"]);
    const text = await runAdmin(["key", "list", "--partner", partner.partnerId], adminEnv());
    expect(text.stdout).toContain("MODE");
    expect(text.stdout).toContain("sandbox");
    // "Active keys" in the partner list are the live ones, which the rotation limit counts.
    const partners = await admin<{ partners: { partner_id: string; active_keys: number }[] }>("partner", "list");
    expect(partners.partners.find((row) => row.partner_id === partner.partnerId)?.active_keys).toBe(2);
  });
});

describe("sandbox and live workspaces", () => {
  let partner: TestPartner;
  let sandbox: string;

  beforeAll(async () => {
    partner = await createTestPartner();
    sandbox = await sandboxKey(partner.partnerId);
  });

  it("a sandbox key provisions a sandbox workspace; each kind of key sees only its own kind", async () => {
    const sandboxWorkspace = `sbx-${randomUUID().slice(0, 8)}`;
    const made = await call("POST", "/v1/workspaces", {
      key: sandbox,
      body: { workspace_id: sandboxWorkspace, name: "Try-out" },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.sandbox).toBe(true);
    const read = await call("GET", `/v1/workspaces/${sandboxWorkspace}`, { key: sandbox });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ workspace_id: sandboxWorkspace, sandbox: true });

    const liveWorkspace = await provision(partner.apiKey, "live");
    const live = await call("GET", `/v1/workspaces/${encodeURIComponent(liveWorkspace)}`, { key: partner.apiKey });
    expect(live.status).toBe(200);
    expect(live.body).not.toHaveProperty("sandbox");

    // The other kind's workspace answers as an unknown one, on every call that names it.
    expectError(
      await call("GET", `/v1/workspaces/${sandboxWorkspace}`, { key: partner.apiKey }),
      404,
      "workspace_not_provisioned",
    );
    expectError(
      await call("GET", `/v1/workspaces/${encodeURIComponent(liveWorkspace)}`, { key: sandbox }),
      404,
      "workspace_not_provisioned",
    );
    expectError(
      await call("GET", "/v1/properties", { key: partner.apiKey, query: { workspace_id: sandboxWorkspace } }),
      404,
      "workspace_not_provisioned",
    );
    expectError(
      await call("GET", "/v1/recording-link", {
        key: sandbox,
        query: { workspace_id: liveWorkspace, property_id: "home-1", task_id: "t-1" },
      }),
      404,
      "workspace_not_provisioned",
    );
    // A workspace_id is one workspace: the other kind of key cannot provision it as its own.
    expectError(
      await call("POST", "/v1/workspaces", { key: partner.apiKey, body: { workspace_id: sandboxWorkspace, name: "Live" } }),
      409,
      "workspace_kind_conflict",
    );
  });

  it("refuses a simulated walkthrough in a live workspace, and follows the recording link's refusals", async () => {
    const liveWorkspace = await readyWorkspace(partner.apiKey, "live-ready");
    const query = { workspace_id: liveWorkspace, property_id: "home-1", task_id: "t-live" };
    const refused = await call("POST", "/v1/sandbox/walkthroughs", { key: partner.apiKey, query });
    expectError(refused, 403, "sandbox_only");
    expect(await db().task.count({ where: { workspace: { externalId: liveWorkspace } } })).toBe(0);
    // A live workspace ready for links is still an unknown one to a sandbox key (the link checks
    // the kind in its own read): with a return_url too, where the kind comes before the URL's check.
    for (const extra of [{}, { return_url: "https://not-on-the-allowlist.example/back" }]) {
      expectError(
        await call("GET", "/v1/recording-link", { key: sandbox, query: { ...query, ...extra } }),
        404,
        "workspace_not_provisioned",
      );
    }
    const liveLink = await call("GET", "/v1/recording-link", { key: partner.apiKey, query });
    expect(liveLink.status, liveLink.text).toBe(200);
    expectError(
      await call("GET", "/v1/recording-link", {
        key: partner.apiKey,
        query: { ...query, return_url: "https://not-on-the-allowlist.example/back" },
      }),
      400,
      "invalid_request",
    );

    const sandboxWorkspace = await provision(sandbox, "not-ready");
    const noRoster = await call("POST", "/v1/sandbox/walkthroughs", {
      key: sandbox,
      query: { workspace_id: sandboxWorkspace, property_id: "home-1", task_id: "t-1" },
    });
    expectError(noRoster, 409, "roster_required");
    const pushed = await pushAndWait(sandbox, sandboxWorkspace, snapshot([item("home-1")]));
    expect(pushed.status).toBe("applied");
    const unknown = await call("POST", "/v1/sandbox/walkthroughs", {
      key: sandbox,
      query: { workspace_id: sandboxWorkspace, property_id: "home-9", task_id: "t-1" },
    });
    expectError(unknown, 404, "property_not_found");
    const badOutcome = await call("POST", "/v1/sandbox/walkthroughs", {
      key: sandbox,
      query: { workspace_id: sandboxWorkspace, property_id: "home-1", task_id: "t-1", outcome: "perfect" },
    });
    expectError(badOutcome, 400, "invalid_request");
    expect((badOutcome.body as { error: { detail?: { parameter?: string } } }).error.detail?.parameter).toBe("outcome");
  });
});

describe("simulated walkthroughs", () => {
  let partner: TestPartner;
  let secret: string;
  let sandbox: string;
  let workspaceId: string;

  beforeAll(async () => {
    partner = await createTestPartner();
    const set = await admin<{ secret: string }>("webhook", "set", "--partner", partner.partnerId, "--url", app.webhooks.url);
    secret = set.secret;
    sandbox = await sandboxKey(partner.partnerId);
    workspaceId = await readyWorkspace(sandbox, "sandbox", [item("home-1")]);
    const put = await call("PUT", "/v1/properties/home-1/checklist", {
      key: sandbox,
      query: { workspace_id: workspaceId },
      body: { items: items.map((name) => ({ name })) },
    });
    expect(put.status, put.text).toBe(200);
    // A manager who would be mailed any finding or missed step, were this a live workspace.
    const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
    const user = await db().user.create({ data: { email: `manager-${randomUUID().slice(0, 8)}@example.test` } });
    await db().seat.create({ data: { workspaceId: workspace.id, userId: user.id, role: "manager" } });
  });

  const expected = {
    clean: { state: "verified", findings: 0, delivery: { sent: false, reason: "clean" } },
    findings: { state: "verified", findings: 2, delivery: { sent: false, reason: "below_threshold" } },
    missed: { state: "missed", findings: 0, delivery: { sent: false, reason: "clean" } },
  } as const;

  it("runs each outcome through the real pipeline to verified events, and the reads agree", async () => {
    const started = await Promise.all(
      (["clean", "findings", "missed"] as const).map(async (outcome) => {
        const taskId = `task-${outcome}-${randomUUID().slice(0, 8)}`;
        const query = { workspace_id: workspaceId, property_id: "home-1", task_id: taskId, outcome };
        const answer = await call<{ inspection_id: string }>("POST", "/v1/sandbox/walkthroughs", { key: sandbox, query });
        expect(answer.status, answer.text).toBe(202);
        expect(Object.keys(answer.body)).toEqual(["inspection_id"]);
        return { outcome, taskId, inspectionId: answer.body.inspection_id };
      }),
    );
    // The same task again: the same inspection.
    const again = await call<{ inspection_id: string }>("POST", "/v1/sandbox/walkthroughs", {
      key: sandbox,
      query: { workspace_id: workspaceId, property_id: "home-1", task_id: started[0]!.taskId },
    });
    expect(again.status).toBe(202);
    expect(again.body.inspection_id).toBe(started[0]!.inspectionId);

    for (const walk of started) {
      const want = expected[walk.outcome];
      const recorded = await verifiedEvent(secret, walk.inspectionId, "inspection.recording_completed");
      expect(recorded).toMatchObject({ workspace_id: workspaceId, task_id: walk.taskId, inspection_id: walk.inspectionId });
      expect(recorded.checklist!.items.map((line) => line.name)).toEqual(items);

      const completed = await verifiedEvent(secret, walk.inspectionId, "inspection.completed");
      expect(completed.checklist!.items.map((line) => [line.name, line.state])).toEqual(items.map((name) => [name, want.state]));
      expect(completed.checklist!.counts[want.state]).toBe(items.length);
      expect(completed.delivery).toEqual(want.delivery);

      const status = await call("GET", "/v1/inspections", {
        key: sandbox,
        query: { workspace_id: workspaceId, task_id: walk.taskId },
      });
      expect(status.status, status.text).toBe(200);
      expect(status.body).toMatchObject({
        status: "completed",
        inspection_id: walk.inspectionId,
        report_url: completed.report_url,
      });
      const findings = await call<{ findings: { severity: string; category: string }[]; checklist: unknown }>(
        "GET",
        `/v1/inspections/${walk.inspectionId}/findings`,
        { key: sandbox, query: { workspace_id: workspaceId } },
      );
      expect(findings.status, findings.text).toBe(200);
      expect(findings.body.findings).toHaveLength(want.findings);
      if (walk.outcome === "findings") {
        expect(findings.body.findings.map((finding) => [finding.category, finding.severity]).sort()).toEqual([
          ["cleaning", "MINOR"],
          ["damage", "MODERATE"],
        ]);
      }
      const video = await call("GET", `/v1/inspections/${walk.inspectionId}/video`, {
        key: sandbox,
        query: { workspace_id: workspaceId },
      });
      expect(video.status, video.text).toBe(200);

      // The live key cannot read any of it.
      const hidden = await call("GET", "/v1/inspections", {
        key: partner.apiKey,
        query: { workspace_id: workspaceId, task_id: walk.taskId },
      });
      expectError(hidden, 404, "workspace_not_provisioned");
    }

    // Never staff review (every answer would wait for staff in a live workspace here), never mail.
    const queued = (await listReviewQueue()).map((entry) => entry.inspectionId);
    for (const walk of started) expect(queued).not.toContain(walk.inspectionId);
    const rows = await db().inspection.findMany({ where: { id: { in: started.map((walk) => walk.inspectionId) } } });
    expect(rows.map((row) => [row.status, row.deliverySent])).toEqual(rows.map(() => ["completed", false]));
  }, 240_000);

  it("the staff CLI runs one as the partner's sandbox key would", async () => {
    const taskId = `task-cli-${randomUUID().slice(0, 8)}`;
    const started = await admin<{ inspection_id: string }>(
      "sandbox",
      "walkthrough",
      "--partner",
      partner.partnerId,
      "--workspace",
      workspaceId,
      "--property",
      "home-1",
      "--task",
      taskId,
      "--outcome",
      "clean",
    );
    const completed = await verifiedEvent(secret, started.inspection_id, "inspection.completed");
    expect(completed.task_id).toBe(taskId);
    expect(completed.checklist!.counts.verified).toBe(items.length);
  }, 180_000);

  it("the console's 'Run a sandbox walkthrough' starts one under a task of its own, and refuses a live workspace", async () => {
    const started = await runSandboxWalkthroughAs(cliActor, partner.partnerId, {
      workspaceId,
      propertyId: "home-1",
      outcome: "missed",
    });
    expect(started.taskId).toMatch(/^console-/);
    const completed = await verifiedEvent(secret, started.inspectionId, "inspection.completed");
    expect(completed.checklist!.counts.missed).toBe(items.length);
    const audit = await db().auditEntry.findFirstOrThrow({ where: { objectId: started.inspectionId } });
    expect(audit.action).toBe("sandbox.walkthrough");

    const live = await db().workspace.create({
      data: { partnerId: partner.partnerId, externalId: `live-${randomUUID().slice(0, 8)}`, name: "Live" },
    });
    await expect(
      runSandboxWalkthroughAs(cliActor, partner.partnerId, {
        workspaceId: live.externalId,
        propertyId: "home-1",
        outcome: "clean",
      }),
    ).rejects.toMatchObject({ code: "sandbox_only", status: 403 });
  }, 180_000);

  it("counts none of the sandbox key's calls in the partner's usage, and the live key's as before", async () => {
    // USAGE_FLUSH_SECONDS=1. The only live-key calls of this partner: the three refused reads above.
    const usage = await until(
      "the live key's calls to be counted",
      async () => {
        const read = await usageOf(partner.partnerId);
        return read.days.reduce((sum, day) => sum + day.requests, 0) >= 3 ? read : undefined;
      },
      15_000,
      250,
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const settled = await usageOf(partner.partnerId);
    expect(settled.days.reduce((sum, day) => sum + day.requests, 0)).toBe(3);
    expect(settled.errors).toEqual([{ code: "workspace_not_provisioned", status: 404, count: 3 }]);
    expect(usage.errors[0]?.code).toBe("workspace_not_provisioned");
  });
});

describe("the README's sandbox quickstart", () => {
  /** The shell block under "First thing to try: the sandbox", as a partner would paste it. */
  async function quickstartScript(): Promise<string> {
    const readme = await readFile("README.md", "utf8");
    const section = readme.slice(readme.indexOf("### First thing to try: the sandbox"));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    if (!block) throw new Error("README has no shell block in its sandbox quickstart");
    // The key comes from the environment instead of the placeholder line.
    return block.replace(/^SANDBOX_KEY=.*$/m, "").replaceAll("localhost:3000", app.baseUrl.replace(/^http:\/\//, ""));
  }

  it("runs as written: every call succeeds and the walkthrough completes", async () => {
    const partner = await createTestPartner();
    const key = await sandboxKey(partner.partnerId);
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", await quickstartScript()], {
      env: { ...process.env, SANDBOX_KEY: key },
      timeout: 60_000,
    });
    // Each curl prints one JSON answer; none may be an error.
    expect(stdout).not.toContain('"error"');
    const inspectionId = /"inspection_id":"([0-9a-f-]{36})"/.exec(stdout)?.[1];
    expect(inspectionId, stdout).toBeDefined();
    const status = await until(
      "the quickstart's walkthrough to complete",
      async () => {
        const read = await call<{ status: string; inspection_id: string }>("GET", "/v1/inspections", {
          key,
          query: { workspace_id: "try", task_id: "t1" },
        });
        return read.body.status === "completed" ? read.body : undefined;
      },
      150_000,
      500,
    );
    expect(status.inspection_id).toBe(inspectionId);
  }, 240_000);
});
