import { describe, expect, it } from "vitest";
import {
  expectPullFailure,
  feedPages,
  pagedHandler,
  pullWorkspace as pullFrom,
  sendJson,
  useFeedServer,
} from "../fixtures/feed-server";
import { item, items, readWorkspace } from "../fixtures/roster";
import { freePort } from "../support/app-process";

const feeds = useFeedServer();

const pullWorkspace = (label: string, url?: string) => pullFrom(feeds, label, { url });

const mib = 1024 * 1024;

describe("the feed's bounds and transport", () => {
  it("stops after 200 pages", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("pages");
    const observedAt = new Date().toISOString();
    // A feed that never ends: one property per page, always another cursor.
    feeds.serve(feedPath, (_request, response, cursor) => {
      const n = cursor === undefined ? 1 : Number(cursor.slice(1));
      sendJson(response, { complete: true, observed_at: observedAt, total_count: 500, properties: [item(`p${n}`)], next_cursor: `c${n + 1}` });
    });
    const run = await expectPullFailure(key, workspaceId, "feed_too_many_pages");
    expect(run.error.detail).toEqual({ limit_pages: 200 });
    expect(feeds.requests(feedPath)).toHaveLength(200);
  });

  it("stops reading once the pages pass 20 MiB in total", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("size");
    const first = feedPages(items(2), 1)[0]!;
    let written = 0;
    let closedEarly = false;
    const planned = 64 * mib;
    feeds.serve(feedPath, (_request, response, cursor) => {
      if (cursor === undefined) return sendJson(response, first);
      // Page 2: valid JSON padded with whitespace far past the limit, written as fast as it is read.
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      response.on("close", () => (closedEarly = written < planned));
      const pump = () => {
        while (written < planned && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        if (!response.destroyed) response.end(JSON.stringify(feedPages(items(2), 1)[1] ?? {}));
      };
      pump();
    });
    const run = await expectPullFailure(key, workspaceId, "feed_too_large");
    expect(run.error.detail).toEqual({ page: 2, limit_bytes: 20 * mib });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closedEarly).toBe(true);
    expect(written).toBeLessThan(planned);
  });

  it("gives each request 20 seconds, then fails with feed_timeout", { timeout: 90_000 }, async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("timeout");
    const pages = feedPages(items(4), 2);
    // Page 2 sends its headers and then nothing: the deadline covers the body too.
    feeds.serve(feedPath, (request, response, cursor) => {
      if (cursor === undefined) return pagedHandler(pages)(request, response, cursor);
      response.writeHead(200, { "content-type": "application/json" });
      response.write("{");
    });
    const started = Date.now();
    const run = await expectPullFailure(key, workspaceId, "feed_timeout");
    expect(run.error.detail).toEqual({ page: 2, timeout_seconds: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(19_000);
  });

  it("follows no redirect: a 3xx fails the pull", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("redirect");
    feeds.serve("/bounds/moved-here", pagedHandler(feedPages(items(2), 2)));
    feeds.serve(feedPath, (_request, response) => response.writeHead(302, { location: feeds.url("/bounds/moved-here") }).end());
    const run = await expectPullFailure(key, workspaceId, "feed_redirect");
    expect(run.error.detail).toEqual({ page: 1, status: 302 });
    expect(feeds.requests("/bounds/moved-here")).toEqual([]);
  });

  it("fails on any status but 200, naming it", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("status");
    feeds.serve(feedPath, (_request, response) => sendJson(response, { error: "down" }, 503));
    expect((await expectPullFailure(key, workspaceId, "feed_http_status")).error.detail).toEqual({ page: 1, status: 503 });
    feeds.serve(feedPath, (_request, response) => sendJson(response, { ok: true }, 204));
    expect((await expectPullFailure(key, workspaceId, "feed_http_status")).error.detail).toEqual({ page: 1, status: 204 });
  });

  it("fails with feed_connect_failed when nothing answers", async () => {
    const port = await freePort();
    const { key, workspaceId } = await pullWorkspace("refused", `http://127.0.0.1:${port}/feed`);
    const run = await expectPullFailure(key, workspaceId, "feed_connect_failed");
    expect(run.error.detail).toEqual({ page: 1, reason: "ECONNREFUSED" });
    expect((await readWorkspace(key, workspaceId)).sync).toEqual({ mode: "pull", health: "failing" });
  });
});
