import http from "node:http";
import net from "node:net";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import {
  expectPullFailure,
  feedPages,
  pagedHandler,
  pullWorkspace as pullFrom,
  sendJson,
  syncAndWait,
  useFeedServer,
} from "../fixtures/feed-server";
import { item, items, readWorkspace } from "../fixtures/roster";
import { freePort } from "../support/app-process";
import { until } from "../support/until";

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
      sendJson(response, {
        complete: true,
        observed_at: observedAt,
        total_count: 500,
        properties: [item(`p${n}`)],
        next_cursor: `c${n + 1}`,
      });
    });
    const run = await expectPullFailure(key, workspaceId, "feed_too_many_pages");
    expect(run.error.detail).toEqual({ limit_pages: 200 });
    expect(feeds.requests(feedPath)).toHaveLength(200);
  });

  it("stops reading once the pages pass 20 MiB in total", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("size");
    const first = feedPages(items(2), 1)[0]!;
    let written = 0;
    let closed = false;
    let closedEarly = false;
    const planned = 64 * mib;
    feeds.serve(feedPath, (_request, response, cursor) => {
      if (cursor === undefined) return sendJson(response, first);
      // Page 2: valid JSON padded with whitespace far past the limit, written as fast as it is read.
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      response.on("close", () => {
        closed = true;
        closedEarly = written < planned;
      });
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
    await until("the feed server to see the page's connection closed", async () => (closed ? true : undefined));
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

  it(
    "fails every unreachable feed alike, in words and in time: a closed port, a silent one, a failed TLS handshake",
    { timeout: 180_000 },
    async () => {
      const closed = await freePort();
      // Accepts connections and never answers: what a filtered port looks like from here.
      const held = new Set<net.Socket>();
      const silent = net.createServer((socket) => {
        held.add(socket);
        socket.on("close", () => held.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const silentPort = (silent.address() as net.AddressInfo).port;
      try {
        const cases = [
          ["closed", `http://127.0.0.1:${closed}/feed`, "ECONNREFUSED"],
          ["silent", `http://127.0.0.1:${silentPort}/feed`, "no answer"],
          // https to the plain-http feed server: the TLS handshake fails at once.
          ["not-tls", feeds.url("/bounds/not-tls").replace("http:", "https:"), expect.any(String)],
        ] as const;
        const outcomes = await Promise.all(
          cases.map(async ([label, url, reason]) => {
            const { key, workspaceId } = await pullWorkspace(label, url);
            const started = Date.now();
            // Polls run two at a time per worker, and each of these holds its slot for 20 s.
            const run = await expectPullFailure(key, workspaceId, "feed_connect_failed", 150_000);
            const elapsed = Date.now() - started;
            expect((await readWorkspace(key, workspaceId)).sync).toEqual({ mode: "pull", health: "failing" });
            // Staff see the real cause on the feed; the partner's run does not have it.
            const feed = await db().rosterFeed.findFirstOrThrow({ where: { workspace: { externalId: workspaceId } } });
            expect(feed.lastErrorDetail).toMatchObject({ page: 1, reason });
            return { detail: run.error.detail, elapsed };
          }),
        );
        const generic = {
          page: 1,
          message: "The feed could not be reached, or the connection broke before the page was complete.",
        };
        expect(outcomes.map((outcome) => outcome.detail)).toEqual([generic, generic, generic]);
        // A refusal is not answered sooner than a silence: each waits out the request's 20 seconds.
        for (const outcome of outcomes) expect(outcome.elapsed).toBeGreaterThanOrEqual(19_000);
      } finally {
        for (const socket of held) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    },
  );
});

/** A non-loopback address of this machine, where a server listening on all interfaces is reached. */
function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

describe("the feed secret travels over https only (or plain http to loopback)", () => {
  it("pulls over plain http from localhost", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("localhost");
    await db().rosterFeed.updateMany({
      where: { workspace: { externalId: workspaceId } },
      data: { url: feeds.url(feedPath).replace("127.0.0.1", "localhost") },
    });
    feeds.serve(feedPath, pagedHandler(feedPages(items(2), 2)));
    const { run } = await syncAndWait(key, workspaceId);
    expect(run).toMatchObject({ status: "applied", source: "pull" });
  });

  it("fails a feed stored with plain http to another host before sending anything (feed_insecure_url)", async () => {
    // Listening on every interface, reached through this machine's non-loopback address: a feed
    // set before the rule (or written around feed set) would send the secret in clear to it.
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(`${request.headers.authorization}`);
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    try {
      const host = externalAddress() ?? "192.0.2.1";
      const url = `http://${host}:${(server.address() as net.AddressInfo).port}/feed`;
      const { key, workspaceId } = await pullWorkspace("insecure");
      await db().rosterFeed.updateMany({ where: { workspace: { externalId: workspaceId } }, data: { url } });
      const run = await expectPullFailure(key, workspaceId, "feed_insecure_url");
      expect(run.error.detail).toEqual({
        message: "The feed URL is plain http to a host that is not loopback; the secret is only sent over https.",
      });
      expect(seen).toEqual([]);
      const feed = await db().rosterFeed.findFirstOrThrow({ where: { workspace: { externalId: workspaceId } } });
      expect(feed).toMatchObject({ health: "failing", lastErrorCode: "feed_insecure_url" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
