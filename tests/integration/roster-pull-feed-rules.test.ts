import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import {
  expectPullFailure,
  feedPages,
  pagedHandler,
  pullWorkspace as pullFrom,
  sendJson,
  useFeedServer,
} from "../fixtures/feed-server";
import { item, items, readWorkspace } from "../fixtures/roster";

const feeds = useFeedServer();

const pullWorkspace = (label: string) => pullFrom(feeds, label);

const observedAt = "2030-01-01T06:00:00.000Z";

describe("a feed that breaks the hosted-feed rules fails the pull and changes nothing", () => {
  it("fails when a page's total_count differs from the first page's", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("totals");
    const pages = feedPages(items(4), 2, { observedAt });
    pages[1]!.total_count = 5;
    feeds.serve(feedPath, pagedHandler(pages));
    const run = await expectPullFailure(key, workspaceId, "feed_inconsistent_pages");
    expect(run.error.detail).toEqual({ page: 2, field: "total_count", first_page: 4, this_page: 5 });
    expect(run.observed_at).toBe(observedAt);
    const workspace = await readWorkspace(key, workspaceId);
    expect(workspace.roster).toMatchObject({ revision: 0, state: "unconfirmed", present_count: 0 });
    expect(workspace.sync).toEqual({ mode: "pull", health: "failing" });
  });

  it("fails when a page's observed_at differs from the first page's", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("observed");
    const pages = feedPages(items(4), 2, { observedAt });
    pages[1]!.observed_at = "2030-01-01T07:00:00Z";
    feeds.serve(feedPath, pagedHandler(pages));
    const run = await expectPullFailure(key, workspaceId, "feed_inconsistent_pages");
    expect(run.error.detail).toEqual({
      page: 2,
      field: "observed_at",
      first_page: observedAt,
      this_page: "2030-01-01T07:00:00Z",
    });
  });

  it("fails when the pages' properties do not add up to total_count", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("sum");
    const pages = feedPages(items(4), 2, { observedAt });
    pages[1]!.properties = (pages[1]!.properties as unknown[]).slice(0, 1);
    feeds.serve(feedPath, pagedHandler(pages));
    const run = await expectPullFailure(key, workspaceId, "feed_inconsistent_pages");
    expect(run.error.detail).toEqual({ total_count: 4, received: 3 });
  });

  it("fails on a repeated cursor", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("cursor");
    const pages = feedPages(items(6), 2, { observedAt });
    feeds.serve(feedPath, (request, response, cursor) => {
      // Page 2 points back at itself.
      if (cursor === "c2") return sendJson(response, { ...pages[1], next_cursor: "c2" });
      pagedHandler(pages)(request, response, cursor);
    });
    const run = await expectPullFailure(key, workspaceId, "feed_repeated_cursor");
    expect(run.error.detail).toEqual({ page: 2, cursor: "c2" });
    expect(feeds.requests(feedPath)).toHaveLength(2);
  });

  it("fails on an empty 200, whether an empty body or {}", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("empty-body");
    feeds.serve(feedPath, (_request, response) => response.writeHead(200, { "content-type": "application/json" }).end());
    const run = await expectPullFailure(key, workspaceId, "feed_empty_response");
    expect(run.error.detail).toEqual({ page: 1 });
    // Failed before any page was read: no observed_at either.
    expect(run.observed_at).toBeUndefined();

    feeds.serve(feedPath, (_request, response) => sendJson(response, {}));
    expect((await expectPullFailure(key, workspaceId, "feed_empty_response")).error.detail).toEqual({ page: 1 });
    // A later empty page is as bad as a first one.
    const pages = feedPages(items(4), 2, { observedAt });
    feeds.serve(feedPath, (request, response, cursor) =>
      cursor === "c2" ? sendJson(response, "") : pagedHandler(pages)(request, response, cursor),
    );
    expect((await expectPullFailure(key, workspaceId, "feed_empty_response")).error.detail).toEqual({ page: 2 });
  });

  it("ends with roster_duplicate_property when an id repeats across pages, listing the repeated ids", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("duplicates");
    const list = [item("a"), item("b"), item("c"), item("a"), item("b"), item("d")];
    feeds.serve(feedPath, pagedHandler(feedPages(list, 3, { observedAt })));
    const run = await expectPullFailure(key, workspaceId, "roster_duplicate_property");
    expect(run.error.detail).toEqual({ duplicate_property_ids: ["a", "b"], page: 2, index: 0 });
    expect((await readWorkspace(key, workspaceId)).roster).toMatchObject({ revision: 0, present_count: 0 });
  });

  it("fails on an invalid item, naming the page, the item and the field", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("invalid");
    const list = items(4);
    delete list[3]!.name;
    feeds.serve(feedPath, pagedHandler(feedPages(list, 2, { observedAt })));
    const run = await expectPullFailure(key, workspaceId, "feed_invalid_page");
    expect(run.error.detail).toEqual({
      page: 2,
      parameter: "properties[1].name",
      index: 1,
      property_id: "p00003",
      problem: "missing_parameter",
      message: "properties[1].name is required.",
    });
  });

  it("fails on a page that is not JSON, telling the partner nothing of what the page held", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("not-json");
    const page = "<html><body>internal admin console: 3 alerts</body></html>";
    feeds.serve(feedPath, (_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(page));
    const run = await expectPullFailure(key, workspaceId, "feed_invalid_json");
    expect(run.error.detail).toEqual({ page: 1, message: "The page is not valid JSON." });
    expect(JSON.stringify(run)).not.toContain("<html");
    // Staff keep what the parser said, which quotes the start of the body.
    const feed = await db().rosterFeed.findFirstOrThrow({ where: { workspace: { externalId: workspaceId } } });
    expect(feed.lastErrorCode).toBe("feed_invalid_json");
    expect((feed.lastErrorDetail as { message: string }).message).toContain("<html><bo");
  });

  it("fails on a page that is not UTF-8 with a fixed message", async () => {
    const { key, workspaceId, feedPath } = await pullWorkspace("not-utf8");
    feeds.serve(feedPath, (_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
    );
    const run = await expectPullFailure(key, workspaceId, "feed_invalid_json");
    expect(run.error.detail).toEqual({ page: 1, message: "The body is not valid UTF-8." });
  });
});
