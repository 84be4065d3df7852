import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { decryptFeedSecret } from "../../lib/roster-feeds/feed-secret";
import { minuteOfDay } from "../../lib/roster-feeds/poll-slot";
import { expectError } from "../support/api";
import { runAdmin } from "../support/cli";
import {
  type FeedServer,
  feedPages,
  pagedHandler,
  requestSync,
  sendJson,
  startFeedServer,
  syncAndWait,
  useAppDataDir,
} from "../fixtures/feed-server";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { items, provision, readWorkspace } from "../fixtures/roster";

// The CLI must encrypt under the same app secret the app decrypts with.
const dataDir = useAppDataDir();
const secret = "test-feed-secret";

// The CLI must encrypt under the same app secret the app decrypts with, so it shares the app's DATA_DIR.
const admin = (...args: string[]) => runAdmin(args, { DATA_DIR: dataDir });

async function adminJson(...args: string[]): Promise<Record<string, unknown> & { feed?: Record<string, unknown> }> {
  const run = await admin(...args, "--json");
  expect(run, `admin ${args.join(" ")}`).toMatchObject({ code: 0 });
  expect(run.stdout + run.stderr).not.toContain(secret);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

let feeds: FeedServer;
let partner: TestPartner;
beforeAll(async () => {
  feeds = await startFeedServer();
  partner = await createTestPartner();
});
afterAll(() => feeds.close());

const feedArgs = (workspaceId: string) => ["--partner", partner.partnerId, "--workspace", workspaceId];

describe("admin feed", () => {
  it("sets a feed: the workspace pulls, the secret is stored encrypted and never printed", async () => {
    const workspaceId = await provision(partner.apiKey, "cli-feed");
    const url = `${feeds.url("/cli/feed")}?account=7`;
    const set = await adminJson("feed", "set", ...feedArgs(workspaceId), "--url", url, "--secret", secret);
    expect(set).toMatchObject({ partner_id: partner.partnerId, workspace_id: workspaceId, sync_mode: "pull" });
    expect(set.feed).toMatchObject({ url, secret_set: true, health: "never_run", poll_minute: expect.any(Number) });
    expect(Date.parse(set.feed!.next_poll_at as string)).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await db().$queryRaw<{ secret_encrypted: string }[]>`
      SELECT f.secret_encrypted FROM roster_feed f JOIN workspace w ON w.id = f.workspace_id
      WHERE w.partner_id = ${partner.partnerId}::uuid AND w.external_id = ${workspaceId}`;
    expect(row!.secret_encrypted).toMatch(/^v1\./);
    expect(row!.secret_encrypted).not.toContain(secret);
    expect(row!.secret_encrypted).not.toContain(Buffer.from(secret).toString("base64url"));
    expect(decryptFeedSecret(row!.secret_encrypted)).toBe(secret);
    expect((await readWorkspace(partner.apiKey, workspaceId)).sync).toEqual({ mode: "pull", health: "never_run" });

    const shown = await admin("feed", "show", ...feedArgs(workspaceId));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(url);
    expect(shown.stdout).toMatch(/secret\s+set \(stored encrypted; never shown\)/);
    expect(shown.stdout).toMatch(/health\s+never_run/);
    expect(shown.stdout).toMatch(/next poll\s+\d{4}-\d\d-\d\dT/);
    expect(shown.stdout + shown.stderr).not.toContain(secret);
  });

  it("shows what the app made of the feed: ok after a pull, then failing with the last error", async () => {
    const workspaceId = await provision(partner.apiKey, "cli-health");
    await adminJson("feed", "set", ...feedArgs(workspaceId), "--url", feeds.url("/cli/health"), "--secret", secret);
    // Keep the app's real schedule away from this feed while the test runs.
    const pollMinute = (minuteOfDay(new Date()) + 720) % 1440;
    await db().rosterFeed.updateMany({ where: { workspace: { externalId: workspaceId } }, data: { pollMinute } });

    // The app decrypts what the CLI encrypted: the feed only answers the right bearer secret.
    feeds.serve("/cli/health", pagedHandler(feedPages(items(3), 2)));
    const pulled = await syncAndWait(partner.apiKey, workspaceId);
    expect(pulled.run).toMatchObject({ status: "applied", source: "pull" });
    const ok = await adminJson("feed", "show", ...feedArgs(workspaceId));
    expect(ok.feed).toMatchObject({ health: "ok", last_polled_at: expect.any(String), last_succeeded_at: expect.any(String) });
    expect(ok.feed!.last_error).toBeUndefined();
    expect(ok.last_sync).toMatchObject({
      trigger: "manual",
      status: "succeeded",
      run_status: "applied",
      import_id: pulled.run!.import_id,
    });

    feeds.serve("/cli/health", (_request, response) => sendJson(response, { error: "down" }, 500));
    await syncAndWait(partner.apiKey, workspaceId);
    const failing = await adminJson("feed", "show", ...feedArgs(workspaceId));
    expect(failing.feed).toMatchObject({
      health: "failing",
      last_error: { code: "feed_http_status", detail: { page: 1, status: 500 } },
    });
    expect(failing.last_sync).toMatchObject({ status: "failed", run_status: "failed", run_error_code: "feed_http_status" });
    const text = await admin("feed", "show", ...feedArgs(workspaceId));
    expect(text.stdout).toMatch(/last error\s+feed_http_status \{"page":1,"status":500\}/);
    expect((await readWorkspace(partner.apiKey, workspaceId)).sync).toEqual({ mode: "pull", health: "failing" });
  });

  it("clears a feed: the workspace pushes again and a sync is refused", async () => {
    const workspaceId = await provision(partner.apiKey, "cli-clear");
    await adminJson("feed", "set", ...feedArgs(workspaceId), "--url", feeds.url("/cli/clear"), "--secret", secret);
    expect(await adminJson("feed", "clear", ...feedArgs(workspaceId))).toEqual({
      partner_id: partner.partnerId,
      workspace_id: workspaceId,
      sync_mode: "push",
      removed: true,
    });
    expect((await readWorkspace(partner.apiKey, workspaceId)).sync).toEqual({ mode: "push", health: "not_configured" });
    expectError(await requestSync(partner.apiKey, workspaceId), 409, "pull_not_configured");
    expect((await adminJson("feed", "clear", ...feedArgs(workspaceId))).removed).toBe(false);
    const shown = await admin("feed", "show", ...feedArgs(workspaceId));
    expect(shown.stdout).toContain("has no feed");
    expect(await db().rosterFeed.count({ where: { workspace: { externalId: workspaceId } } })).toBe(0);
  });

  it("refuses a bad command line before touching the database, never echoing the secret", async () => {
    const base = ["feed", "set", "--partner", partner.partnerId, "--workspace", "w"];
    const cases: [string[], RegExp][] = [
      [[...base, "--url", "ftp://feed.test/x", "--secret", secret], /Invalid --url: The URL must be http or https/],
      [[...base, "--url", "https://user:pw@feed.test/x", "--secret", secret], /must not carry credentials/],
      // The secret would travel in clear: plain http only to loopback.
      [[...base, "--url", "http://feed.test/x", "--secret", secret], /Invalid --url: The URL must be https: .*loopback/],
      [[...base, "--url", "http://192.0.2.10:8080/x", "--secret", secret], /Invalid --url: The URL must be https/],
      [[...base, "--url", "http://localhost.feed.test/x", "--secret", secret], /Invalid --url: The URL must be https/],
      [[...base, "--url", "https://feed.test/x?cursor=1", "--secret", secret], /must not have a cursor parameter/],
      [[...base, "--url", "https://feed.test/x", "--secret", "test feed secret"], /Invalid --secret: .*visible ASCII/],
      [[...base, "--url", "https://feed.test/x"], /Missing --secret/],
      [["feed", "show", "--partner", "not-a-uuid", "--workspace", "w"], /--partner must be a partner id/],
    ];
    for (const [args, message] of cases) {
      const run = await admin(...args);
      expect({ code: run.code, stdout: run.stdout }, args.join(" ")).toEqual({ code: 2, stdout: "" });
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toContain("test feed secret");
    }
  });

  it("accepts plain http to loopback, for a feed served on this machine", async () => {
    const workspaceId = await provision(partner.apiKey, "cli-loopback");
    for (const url of [
      "http://localhost:8080/feed",
      "http://127.0.0.2/feed",
      "http://[::1]:8080/feed",
      feeds.url("/cli/loopback"),
    ]) {
      const set = await adminJson("feed", "set", ...feedArgs(workspaceId), "--url", url, "--secret", secret);
      expect(set.feed).toMatchObject({ url });
    }
  });

  it("shows staff the full cause of a failure that the partner reads only as a code and fixed words", async () => {
    const workspaceId = await provision(partner.apiKey, "cli-detail");
    await adminJson("feed", "set", ...feedArgs(workspaceId), "--url", feeds.url("/cli/detail"), "--secret", secret);
    const pollMinute = (minuteOfDay(new Date()) + 720) % 1440;
    await db().rosterFeed.updateMany({ where: { workspace: { externalId: workspaceId } }, data: { pollMinute } });
    feeds.serve("/cli/detail", (_request, response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<html>it works</html>"),
    );
    const { run } = await syncAndWait(partner.apiKey, workspaceId);
    expect(run).toMatchObject({
      status: "failed",
      error: { code: "feed_invalid_json", detail: { page: 1, message: "The page is not valid JSON." } },
    });
    const shown = await adminJson("feed", "show", ...feedArgs(workspaceId));
    expect(shown.feed).toMatchObject({
      last_error: { code: "feed_invalid_json", detail: { page: 1, message: expect.stringContaining("<html>it") } },
    });
    const text = await admin("feed", "show", ...feedArgs(workspaceId));
    expect(text.stdout).toMatch(/last error\s+feed_invalid_json \{"page":1,"message":".*<html>it/);
  });

  it("names an unknown workspace or partner (exit 1)", async () => {
    const unknown = await admin("feed", "set", ...feedArgs("no-such-workspace"), "--url", feeds.url("/x"), "--secret", secret);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`Partner ${partner.partnerId} has no workspace "no-such-workspace".`);
    const nobody = await admin("feed", "show", "--partner", "00000000-0000-4000-8000-000000000000", "--workspace", "w");
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No partner 00000000-0000-4000-8000-000000000000.");
  });

  it("lists the feed commands in the usage", async () => {
    const help = await admin("help");
    expect(help.stdout).toMatch(/feed set --partner <id> --workspace <workspace_id> --url <url> --secret <secret>/);
    expect(help.stdout).toMatch(/feed clear/);
    expect(help.stdout).toMatch(/feed show/);
  });
});
