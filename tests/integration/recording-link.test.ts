import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addAllowlistEntry } from "../../lib/partners/add-allowlist-entry";
import { call, expectError } from "../support/api";
import { createTestPartner, setPartnerStatus, type TestPartner } from "../fixtures/partners";
import { issueLink, readyWorkspace, recordingLink } from "../fixtures/recording";
import { item, provision } from "../fixtures/roster";

let partner: TestPartner;
let key: string;
let workspaceId: string;

beforeAll(async () => {
  partner = await createTestPartner();
  key = partner.apiKey;
  workspaceId = await readyWorkspace(key, "links", [item("home-1"), item("home-2"), item("gone", { status: "inactive" })]);
  await addAllowlistEntry(partner.partnerId, "myapp://");
  await addAllowlistEntry(partner.partnerId, "https://app.example.com");
  await addAllowlistEntry(partner.partnerId, "https://ops.example.com:8443");
});

const task = () => `task ${randomUUID()} /?#`;
const link = (query: Record<string, string | undefined>) =>
  recordingLink(key, { workspace_id: workspaceId, property_id: "home-1", ...query });

describe("GET /v1/recording-link", () => {
  it("issues a link for a task: our property id, the caller's, the roster revision, no return_url", async () => {
    const taskId = task();
    const home = await db().property.findFirstOrThrow({
      where: { externalId: "home-1", workspace: { externalId: workspaceId } },
    });
    const answer = await link({ task_id: taskId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      // APP_URL of the app under test (unset, so http://localhost:<port>), then /r/ and 256 bits in base64url.
      recording_url: expect.stringMatching(/^http:\/\/localhost:\d+\/r\/[A-Za-z0-9_-]{43}$/),
      task_id: taskId,
      property_id: home.id,
      external_property_id: "home-1",
      roster_revision: 1,
    });
  });

  it("answers the same URL for the same task every time, another for every other task", async () => {
    const taskId = task();
    const first = await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const again = await issueLink(key, {
      workspace_id: workspaceId,
      task_id: taskId,
      property_id: "home-1",
      task_name: "Turnover",
    });
    const other = await issueLink(key, { workspace_id: workspaceId, task_id: task(), property_id: "home-1" });
    expect(again.recording_url).toBe(first.recording_url);
    expect(other.recording_url).not.toBe(first.recording_url);
    // 256 random bits each: nothing about one token tells another.
    const token = (url: string) => url.split("/r/")[1]!;
    expect(token(other.recording_url)).not.toBe(token(first.recording_url));
  });

  it("makes one task of 20 concurrent calls for a new task_id", async () => {
    const taskId = task();
    const answers = await Promise.all(Array.from({ length: 20 }, () => link({ task_id: taskId })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.recording_url)).size).toBe(1);
    expect(await db().task.count({ where: { externalId: taskId } })).toBe(1);
  });

  it("binds a task to one property for life: another property is 409 task_property_conflict", async () => {
    const taskId = task();
    await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    expectError(await link({ task_id: taskId, property_id: "home-2" }), 409, "task_property_conflict");
    const concurrent = task();
    const raced = await Promise.all([link({ task_id: concurrent }), link({ task_id: concurrent, property_id: "home-2" })]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("keeps task ids per workspace: the same string in another workspace is another task", async () => {
    const other = await readyWorkspace(key, "links-other");
    const taskId = task();
    const here = await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    const there = await issueLink(key, { workspace_id: other, task_id: taskId, property_id: "home-1" });
    expect(there.recording_url).not.toBe(here.recording_url);
  });

  it("stores return_url per task: a call with it sets it and echoes it, a call without leaves it and echoes none", async () => {
    const taskId = task();
    expect(
      (await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" })).return_url,
    ).toBeUndefined();
    const withUrl = "https://app.example.com/tasks/1?tab=done#top";
    expect(
      (await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1", return_url: withUrl }))
        .return_url,
    ).toBe(withUrl);
    // Spec, Recording link: `return_url` is "echoed when one was supplied"; the stored one stays and is used.
    expect(
      (await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" })).return_url,
    ).toBeUndefined();
    expect((await db().task.findFirstOrThrow({ where: { externalId: taskId } })).returnUrl).toBe(withUrl);
    const app = "myapp://task/1";
    expect(
      (await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1", return_url: app })).return_url,
    ).toBe(app);
    const stored = await db().task.findFirstOrThrow({ where: { externalId: taskId } });
    expect(stored.returnUrl).toBe(app);
  });

  it("sets task_name and scheduled_date when sent, keeps them when left out", async () => {
    const taskId = task();
    await issueLink(key, {
      workspace_id: workspaceId,
      task_id: taskId,
      property_id: "home-1",
      task_name: "Turnover",
      scheduled_date: "2026-12-01",
    });
    await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1" });
    let stored = await db().task.findFirstOrThrow({ where: { externalId: taskId } });
    expect({ name: stored.name, date: stored.scheduledDate?.toISOString() }).toEqual({
      name: "Turnover",
      date: "2026-12-01T00:00:00.000Z",
    });
    await issueLink(key, { workspace_id: workspaceId, task_id: taskId, property_id: "home-1", scheduled_date: "2026-12-02" });
    stored = await db().task.findFirstOrThrow({ where: { externalId: taskId } });
    expect({ name: stored.name, date: stored.scheduledDate?.toISOString() }).toEqual({
      name: "Turnover",
      date: "2026-12-02T00:00:00.000Z",
    });
  });

  it("never creates a property", async () => {
    expectError(await link({ task_id: task(), property_id: "not-in-roster" }), 404, "property_not_found");
    expect(await db().property.count({ where: { externalId: "not-in-roster" } })).toBe(0);
  });
});

describe("GET /v1/recording-link: parameters", () => {
  it.each(["workspace_id", "task_id", "property_id"])(
    "answers 400 missing_parameter naming a missing or blank %s",
    async (name) => {
      const query: Record<string, string | undefined> = { workspace_id: workspaceId, task_id: task(), property_id: "home-1" };
      expect(expectError(await recordingLink(key, { ...query, [name]: undefined }), 400, "missing_parameter").detail).toEqual({
        parameter: name,
      });
      expect(expectError(await recordingLink(key, { ...query, [name]: " " }), 400, "missing_parameter").detail).toEqual({
        parameter: name,
      });
    },
  );

  // Spec, "Your ids": opaque, no cap given; ours is documented as 1,000 characters, counted as people count them.
  // 1,000 different 4-byte characters (CJK Extension B, a fixed pseudo-random walk): 4,000 bytes that do not compress.
  const wide = Array.from({ length: 1001 }, (_, i) => String.fromCodePoint(0x20000 + ((i * 7919 + 13) % 0xa6df))).join("");
  it.each([
    ["task_id", "t", "t".repeat(1001)],
    ["task_name", "n", "n".repeat(1001)],
    ["task_id", "an emoji", "\u{1F3E0}".repeat(1001)],
    ["task_name", "an emoji", "\u{1F3E0}".repeat(1001)],
    ["task_id", "4-byte characters that do not repeat", wide],
  ])(
    "takes a %s of 1,000 characters (%s) and refuses one of 1,001 with 400 invalid_request naming it",
    async (name, _what, text) => {
      const longest = [...text].slice(0, 1000).join("");
      const query = { task_id: task(), [name]: longest };
      const taken = await link(query);
      expect(taken.status, taken.text).toBe(200);
      const stored = await db().task.findFirstOrThrow({ where: { externalId: query.task_id } });
      expect(name === "task_id" ? stored.externalId : stored.name).toBe(longest);
      if (name === "task_id") {
        // The same 1,000-character task is the same task.
        expect((await link(query)).body.recording_url).toBe(taken.body.recording_url);
        const status = await call("GET", "/v1/inspections", { key, query: { workspace_id: workspaceId, task_id: longest } });
        expect(status.status, status.text).toBe(200);
      }
      const refused = await link({ task_id: task(), [name]: text });
      expect(expectError(refused, 400, "invalid_request").detail).toEqual({ parameter: name });
    },
  );

  it.each(["2026-13-01", "2026-02-30", "20261201", "2026-1-1", "2026-12-01T00:00:00Z", ""])(
    "refuses scheduled_date=%s with 400 invalid_request naming it",
    async (date) => {
      expect(expectError(await link({ task_id: task(), scheduled_date: date }), 400, "invalid_request").detail).toEqual({
        parameter: "scheduled_date",
      });
    },
  );

  it("answers a missing parameter and a refused return_url before every other refusal", async () => {
    const unknown = { workspace_id: "nobody-has-this", task_id: task(), property_id: "home-1" };
    expectError(await recordingLink(key, { ...unknown, task_id: undefined }), 400, "missing_parameter");
    const refused = await recordingLink(key, { ...unknown, return_url: "https://evil.example.net/" });
    expect(expectError(refused, 400, "invalid_request").detail).toEqual({ parameter: "return_url", reason: "not_allowed" });
  });
});

describe("GET /v1/recording-link: return_url", () => {
  const long = `https://app.example.com/${"a".repeat(2048 - "https://app.example.com/".length + 1)}`;
  it.each([
    ["a relative URL", "/tasks/1"],
    ["no scheme", "app.example.com/tasks"],
    ["no host", "https:///tasks"],
    ["an empty authority", "https://"],
    ["a port without a host", "https://:8443/tasks"],
    ["a port above 65535", "https://app.example.com:65536/"],
    ["a port of 0", "https://app.example.com:0/"],
    ["a port that is not a number", "https://app.example.com:port/"],
    ["a user@ part", "https://user@app.example.com/"],
    ["a user and password", "https://u:p@app.example.com/"],
    ["a space", "https://app.example.com/a b"],
    ["a tab", "https://app.example.com/a\tb"],
    ["a backslash", "https://app.example.com\\tasks"],
    ["a control character", "myapp://task/\u0001"],
    ["a host with other characters", "https://app$.example.com/"],
    ["an IPv6 literal", "https://[::1]/"],
    ["a non-ASCII host", "https://äpp.example.com/"],
    ["2,049 characters", long],
    ["nothing at all (return_url=)", ""],
  ])("is malformed with %s", async (_what, url) => {
    expect(expectError(await link({ task_id: task(), return_url: url }), 400, "invalid_request").detail).toEqual({
      parameter: "return_url",
      reason: "malformed",
    });
  });

  it.each([
    ["another host", "https://other.example.com/"],
    ["a subdomain", "https://sub.app.example.com/"],
    ["another port", "https://app.example.com:8443/"],
    ["the listed port's host on the default port", "https://ops.example.com/"],
    ["http for an https origin", "http://app.example.com/"],
    ["an app scheme not listed", "otherapp://task/1"],
    ["a scheme that shares a prefix", "myapp2://task/1"],
  ])("is not_allowed with %s", async (_what, url) => {
    expect(expectError(await link({ task_id: task(), return_url: url }), 400, "invalid_request").detail).toEqual({
      parameter: "return_url",
      reason: "not_allowed",
    });
  });

  it.each([
    ["any URL under a listed app scheme", "myapp://tasks/1?from=walkthrough#done"],
    ["the app scheme in another case", "MyApp://tasks/1"],
    ["the exact origin with a path, query and fragment", "https://app.example.com/tasks/1?x=1#y"],
    ["the origin with its default port spelled out", "https://app.example.com:443/tasks"],
    ["the host in another case", "https://APP.example.com/tasks"],
    ["a listed non-default port", "https://ops.example.com:8443/back"],
    ["exactly 2,048 characters", long.slice(0, 2048)],
  ])("is allowed: %s, and echoed exactly as sent", async (_what, url) => {
    const answer = await link({ task_id: task(), return_url: url });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.return_url).toBe(url);
  });
});

describe("GET /v1/recording-link: refusals in the spec's order", () => {
  it("1 workspace_not_provisioned, before a paused partner's 2 partner_disabled", async () => {
    const paused = await createTestPartner();
    const theirs = await readyWorkspace(paused.apiKey, "paused");
    await setPartnerStatus(paused.partnerId, "paused");
    const ask = (workspace: string) =>
      recordingLink(paused.apiKey, { workspace_id: workspace, task_id: task(), property_id: "nope" });
    expectError(await ask("nobody-has-this"), 404, "workspace_not_provisioned");
    expectError(await ask(workspaceId), 404, "workspace_not_provisioned");
    expectError(await ask(theirs), 403, "partner_disabled");
  });

  it("3 roster_required before 4 property_not_found", async () => {
    const fresh = await provision(key, "no-roster");
    expectError(
      await recordingLink(key, { workspace_id: fresh, task_id: task(), property_id: "home-1" }),
      409,
      "roster_required",
    );
  });

  it("4 property_not_found, also for another workspace's property", async () => {
    const other = await readyWorkspace(key, "links-props", [item("only-there")]);
    expect(other).toBeTruthy();
    expectError(await link({ task_id: task(), property_id: "only-there" }), 404, "property_not_found");
  });

  it("5 property_inactive before 6 and 7", async () => {
    await db().workspace.updateMany({ where: { externalId: workspaceId }, data: { recordingEnabled: false } });
    try {
      expectError(await link({ task_id: task(), property_id: "gone" }), 409, "property_inactive");
    } finally {
      await db().workspace.updateMany({ where: { externalId: workspaceId }, data: { recordingEnabled: true } });
    }
  });

  it("6 property_not_activated before 7 workspace_not_enabled, and 7 before 8 task_property_conflict", async () => {
    const scoped = await readyWorkspace(key, "links-order", [item("a"), item("b")]);
    const bound = task();
    await issueLink(key, { workspace_id: scoped, task_id: bound, property_id: "a" });
    const where = { externalId: scoped };
    await db().property.updateMany({ where: { externalId: "b", workspace: where }, data: { billingActive: false } });
    await db().workspace.updateMany({ where, data: { serviceState: "pending_setup", recordingEnabled: false } });
    expectError(
      await recordingLink(key, { workspace_id: scoped, task_id: bound, property_id: "b" }),
      409,
      "property_not_activated",
    );
    await db().property.updateMany({ where: { externalId: "b", workspace: where }, data: { billingActive: true } });
    expectError(
      await recordingLink(key, { workspace_id: scoped, task_id: bound, property_id: "b" }),
      409,
      "workspace_not_enabled",
    );
    await db().workspace.updateMany({ where, data: { serviceState: "enabled", recordingEnabled: true } });
    expectError(
      await recordingLink(key, { workspace_id: scoped, task_id: bound, property_id: "b" }),
      409,
      "task_property_conflict",
    );
  });
});
