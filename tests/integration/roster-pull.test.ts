import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { setRosterMax } from "../../lib/partners/set-roster-max";
import { call, expectError } from "../support/api";
import {
  expectPullFailure,
  feedPages,
  feedSecret,
  pagedHandler,
  pullWorkspace as pullFrom,
  requestSync,
  sendJson,
  syncAndWait,
  useFeedServer,
  waitForSync,
} from "../fixtures/feed-server";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import {
  item,
  items,
  listAll,
  provision,
  pushAndWait,
  readRun,
  readWorkspace,
  snapshot,
  waitForActivation,
} from "../fixtures/roster";

const feeds = useFeedServer();

const pullWorkspace = (label: string, query = "") => pullFrom(feeds, label, { query });

describe("POST /v1/roster-syncs", () => {
  let partner: TestPartner;
  beforeAll(async () => {
    partner = await createTestPartner();
  });

  it("answers 409 pull_not_configured for a workspace that pushes, and 404 for an unknown one", async () => {
    const workspaceId = await provision(partner.apiKey, "push-only");
    const error = expectError(await requestSync(partner.apiKey, workspaceId), 409, "pull_not_configured");
    expect(error.message).toContain("pushes");
    expect((await readWorkspace(partner.apiKey, workspaceId)).sync).toEqual({ mode: "push", health: "not_configured" });
    expectError(await requestSync(partner.apiKey, "nobody-has-this-workspace"), 404, "workspace_not_provisioned");
    expectError(await call("POST", "/v1/roster-syncs", { key: partner.apiKey }), 400, "missing_parameter");
  });

  it("answers 202 in_progress with the running sync's id while a pull is queued or running, even to concurrent requests", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("in-progress");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pages = feedPages(items(3), 2);
    const serve = pagedHandler(pages);
    feeds.serve(feedPath, (request, response, cursor) => void held.then(() => serve(request, response, cursor)));

    const answers = await Promise.all(Array.from({ length: 5 }, () => requestSync(key, workspaceId)));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
    const started = answers.filter((answer) => answer.body.status === "queued");
    expect(started).toHaveLength(1);
    const syncId = started[0]!.body.sync_id;
    for (const answer of answers) {
      expect(Object.keys(answer.body).sort()).toEqual(["status", "sync_id", "workspace_id"]);
      expect(answer.body).toMatchObject({ sync_id: syncId, workspace_id: workspaceId });
    }
    expect((await requestSync(key, workspaceId)).body).toEqual({
      sync_id: syncId,
      workspace_id: workspaceId,
      status: "in_progress",
    });

    release();
    const { sync, run } = await waitForSync(key, workspaceId, syncId);
    expect(sync).toMatchObject({ status: "succeeded", trigger: "manual" });
    expect(run).toMatchObject({ status: "applied", source: "pull" });
    const next = await requestSync(key, workspaceId);
    expect(next.body.status).toBe("queued");
    expect(next.body.sync_id).not.toBe(syncId);
    await waitForSync(key, workspaceId, next.body.sync_id);
  });

  it("limits how many pulls a partner starts in a short window; in_progress answers do not count", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("rate");
    feeds.serve(feedPath, pagedHandler(feedPages([item("a")], 10)));
    let refused: Awaited<ReturnType<typeof requestSync>> | undefined;
    // The bucket holds 6 per window; 13 tries reach a refusal even if a window boundary falls in between.
    for (let attempt = 0; attempt < 13 && !refused; attempt++) {
      const answer = await requestSync(key, workspaceId);
      if (answer.status === 429) refused = answer;
      else await waitForSync(key, workspaceId, answer.body.sync_id);
    }
    expect(refused).toBeDefined();
    expectError(refused!, 429, "too_many_requests");
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("pulling a feed", () => {
  it("reads every page with the bearer secret, re-requesting the same URL with its own query and ?cursor=, and applies it as a pull run", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("paged", "?token=abc%2B1&region=north");
    expect((await readWorkspace(key, workspaceId)).sync).toEqual({ mode: "pull", health: "never_run" });
    const pages = feedPages(items(5), 2, { observedAt: "2030-01-01T06:00:00Z" });
    // A cursor that looks like a URL is still only a cursor: nothing in a body is ever fetched.
    const elsewhere = feeds.url("/elsewhere?n=2");
    pages[0]!.next_cursor = elsewhere;
    feeds.serve(feedPath, pagedHandler(pages));

    const { sync, run } = await syncAndWait(key, workspaceId);
    expect(sync.status).toBe("succeeded");
    expect(sync.importId).toBe(run!.import_id);
    expect(run).toMatchObject({
      status: "applied",
      source: "pull",
      observed_at: "2030-01-01T06:00:00.000Z",
      base_revision: 0,
      result_revision: 1,
      counts: { submitted: { total: 5, active: 5, inactive: 0, missing_address: 0 } },
      diff: { created: 5, updated: 0, deactivated: 0, reactivated: 0 },
    });
    expect(feeds.requests(feedPath)).toEqual([
      { url: `${feedPath}?token=abc%2B1&region=north`, authorization: `Bearer ${feedSecret}` },
      {
        url: `${feedPath}?token=abc%2B1&region=north&cursor=${encodeURIComponent(elsewhere)}`,
        authorization: `Bearer ${feedSecret}`,
      },
      { url: `${feedPath}?token=abc%2B1&region=north&cursor=c3`, authorization: `Bearer ${feedSecret}` },
    ]);

    const workspace = await waitForActivation(key, workspaceId);
    expect(workspace.roster).toMatchObject({
      revision: 1,
      last_source: "pull",
      present_count: 5,
      observed_at: "2030-01-01T06:00:00.000Z",
    });
    expect(workspace.sync).toEqual({ mode: "pull", health: "ok" });
    expect((await listAll(key, workspaceId)).map((p) => p.property_id)).toEqual(items(5).map((p) => p.property_id));
    expect(feeds.requests("/elsewhere")).toEqual([]);
  });

  it("leaves the roster untouched when a pull fails after an earlier success, and reads failing", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("untouched");
    feeds.serve(feedPath, pagedHandler(feedPages(items(4), 2, { observedAt: "2030-01-01T06:00:00Z" })));
    await syncAndWait(key, workspaceId);
    const workspaceBefore = await waitForActivation(key, workspaceId);
    const propertiesBefore = await listAll(key, workspaceId);

    // Page 1 alone would deactivate three homes; page 2 is broken, so nothing may change.
    const newer = feedPages([item("p00000")], 1, { observedAt: "2030-01-05T06:00:00Z" })[0]!;
    feeds.serve(feedPath, (_request, response, cursor) =>
      cursor === undefined
        ? sendJson(response, { ...newer, total_count: 2, next_cursor: "c2" })
        : sendJson(response, "{not json"),
    );
    const run = await expectPullFailure(key, workspaceId, "feed_invalid_json");
    expect(run.error.detail).toMatchObject({ page: 2 });
    expect(run.observed_at).toBe("2030-01-05T06:00:00.000Z");
    expect(run.base_revision).toBe(1);

    const workspaceAfter = await readWorkspace(key, workspaceId);
    expect(workspaceAfter.roster).toEqual(workspaceBefore.roster);
    expect(workspaceAfter.service).toEqual(workspaceBefore.service);
    expect(workspaceAfter.sync).toEqual({ mode: "pull", health: "failing" });
    expect(await listAll(key, workspaceId)).toEqual(propertiesBefore);
    // The failed run reads like any run, through the same endpoint.
    const read = await readRun(key, workspaceId, run.import_id as string);
    expect(read.body).toEqual(run);
    const feed = await db().rosterFeed.findFirstOrThrow({ where: { workspace: { externalId: workspaceId } } });
    expect(feed).toMatchObject({
      health: "failing",
      lastErrorCode: "feed_invalid_json",
      lastErrorDetail: { page: 2, message: expect.stringMatching(/JSON/) },
    });

    // The next good pull reads ok again.
    feeds.serve(feedPath, pagedHandler(feedPages(items(4), 2)));
    expect((await syncAndWait(key, workspaceId)).run).toMatchObject({ status: "applied", result_revision: 2 });
    expect((await readWorkspace(key, workspaceId)).sync).toEqual({ mode: "pull", health: "ok" });
  });

  it("goes through the push's run rules: the more-than-half safeguard, acknowledged from the first page", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("half");
    const ten = items(10);
    feeds.serve(feedPath, pagedHandler(feedPages(ten, 4)));
    await syncAndWait(key, workspaceId);

    feeds.serve(feedPath, pagedHandler(feedPages(ten.slice(0, 4), 2)));
    const { sync, run } = await syncAndWait(key, workspaceId);
    expect(sync.status).toBe("succeeded");
    expect(run).toMatchObject({
      status: "rejected",
      source: "pull",
      error: { code: "roster_confirmation_required", detail: { deactivate_count: 6, present_count: 10 } },
    });

    feeds.serve(feedPath, pagedHandler(feedPages(ten.slice(0, 4), 2, { first: { acknowledge_inactive_count: 6 } })));
    expect((await syncAndWait(key, workspaceId)).run).toMatchObject({ status: "applied", diff: { deactivated: 6 } });
  });

  it("applies an intentionally empty roster only as a push would: with allow_empty", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("empty");
    const empty = { complete: true, observed_at: new Date().toISOString(), total_count: 0, properties: [] };
    feeds.serve(feedPath, (_request, response) => sendJson(response, empty));
    expect((await syncAndWait(key, workspaceId)).run).toMatchObject({
      status: "rejected",
      error: { code: "roster_empty_not_allowed" },
    });
    feeds.serve(feedPath, (_request, response) => sendJson(response, { ...empty, allow_empty: true }));
    expect((await syncAndWait(key, workspaceId)).run).toMatchObject({ status: "applied", result_revision: 1 });
  });

  it("holds a pull to the partner's roster cap, like a push", async () => {
    const { partner, key, workspaceId, feedPath } = await pullWorkspace("cap");
    await setRosterMax(partner.partnerId, 2);
    feeds.serve(feedPath, pagedHandler(feedPages(items(3), 2)));
    const run = await expectPullFailure(key, workspaceId, "feed_too_many_properties");
    expect(run.error.detail).toEqual({ page: 1, total_count: 3, limit: 2 });
    expect(feeds.requests(feedPath)).toHaveLength(1);
  });

  it("reads a push workspace's pushes unaffected, and a pulled roster can still be pushed over", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("mixed");
    feeds.serve(feedPath, pagedHandler(feedPages(items(2), 2)));
    await syncAndWait(key, workspaceId);
    const pushed = await pushAndWait(key, workspaceId, snapshot(items(2)));
    expect(pushed).toMatchObject({ status: "applied", source: "push", result_revision: 2 });
  });

  it("has the daily schedule installed in the job queue", async () => {
    const rows = await db().$queryRaw<{ name: string; cron: string }[]>`
      SELECT name, cron FROM pgboss.schedule WHERE name = 'schedule-roster-pulls'`;
    expect(rows).toEqual([{ name: "schedule-roster-pulls", cron: "* * * * *" }]);
  });
});
