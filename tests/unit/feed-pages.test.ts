import { describe, expect, it } from "vitest";
import { FeedAssembly } from "../../lib/roster-feeds/feed-assembly";
import { FeedError } from "../../lib/roster-feeds/feed-errors";
import type { FeedPage } from "../../lib/roster-feeds/feed-page";
import { pageUrl } from "../../lib/roster-feeds/page-url";
import { readPage } from "../../lib/roster-feeds/read-page";

const observedAt = "2030-01-01T06:00:00Z";
const address = { line1: "1 Main Street", city: "Leeds", region: "West Yorkshire", postal_code: "LS1 1AA", country_code: "GB" };
const item = (id: string) => ({ property_id: id, name: `Home ${id}`, address });

function page(ids: string[], extra: Partial<FeedPage> = {}, total = 4): FeedPage {
  return { complete: true, observed_at: observedAt, total_count: total, properties: ids.map(item), ...extra };
}

function failure(run: () => unknown): { code: string; detail: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error("expected a FeedError");
}

const bytes = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value));

describe("readPage", () => {
  it("accepts a push body with next_cursor", () => {
    expect(readPage(bytes(page(["a"], { next_cursor: "c2" })), 1)).toMatchObject({ total_count: 4, next_cursor: "c2" });
  });

  it("calls an empty 200 empty, but not the intentionally empty roster", () => {
    for (const empty of ["", "  \n", "{}", "[]", "null", '""']) {
      expect(failure(() => readPage(bytes(empty), 2))).toEqual({ code: "feed_empty_response", detail: { page: 2 } });
    }
    expect(readPage(bytes({ complete: true, observed_at: observedAt, total_count: 0, properties: [] }), 1).properties).toEqual(
      [],
    );
  });

  it("refuses what is not JSON or not UTF-8", () => {
    expect(failure(() => readPage(bytes('{"complete": tru'), 3))).toMatchObject({
      code: "feed_invalid_json",
      detail: { page: 3 },
    });
    expect(failure(() => readPage(Buffer.from([0x7b, 0xff, 0x7d]), 1)).code).toBe("feed_invalid_json");
  });

  it("names the page, the item and the field of an invalid item, as a push would", () => {
    const body = page(["a", "b"]);
    (body.properties[1] as Record<string, unknown>).address = undefined;
    expect(failure(() => readPage(bytes(body), 7))).toEqual({
      code: "feed_invalid_page",
      detail: {
        page: 7,
        parameter: "properties[1].address",
        index: 1,
        property_id: "b",
        problem: "missing_parameter",
        message: "properties[1].address is required.",
      },
    });
    const unknownField = { ...page(["a"]), cursor: "x" };
    expect(failure(() => readPage(bytes(unknownField), 1))).toMatchObject({
      code: "feed_invalid_page",
      detail: { parameter: "cursor", problem: "invalid_request" },
    });
    expect(failure(() => readPage(bytes({ ...page(["a"]), complete: false }), 1)).detail.parameter).toBe("complete");
    expect(failure(() => readPage(bytes([1, 2]), 1)).detail.parameter).toBe("body");
  });
});

describe("FeedAssembly", () => {
  it("puts pages together into one snapshot, with allow_empty and acknowledge_inactive_count of the first page", () => {
    const feed = new FeedAssembly(10_000, 200);
    expect(feed.accept(page(["a", "b"], { next_cursor: "c2", acknowledge_inactive_count: 3 }))).toBe("c2");
    // Later pages' values do not count.
    expect(
      feed.accept(
        page(["c"], { next_cursor: "c3", acknowledge_inactive_count: 9, observed_at: "2030-01-01T06:00:00.000+00:00" }),
      ),
    ).toBe("c3");
    expect(feed.accept(page(["d"]))).toBeUndefined();
    const snapshot = feed.snapshot();
    expect(snapshot.properties.map((p) => p.property_id)).toEqual(["a", "b", "c", "d"]);
    expect(snapshot).toMatchObject({ total_count: 4, observed_at: observedAt, acknowledge_inactive_count: 3 });
    expect(feed.observedAt).toEqual(new Date(observedAt));
  });

  it("fails on a page whose total_count or observed_at differs from the first", () => {
    const totals = new FeedAssembly(10_000, 200);
    totals.accept(page(["a"], { next_cursor: "c2" }));
    expect(failure(() => totals.accept(page(["b"], {}, 5)))).toEqual({
      code: "feed_inconsistent_pages",
      detail: { page: 2, field: "total_count", first_page: 4, this_page: 5 },
    });
    const observed = new FeedAssembly(10_000, 200);
    observed.accept(page(["a"], { next_cursor: "c2" }));
    expect(failure(() => observed.accept(page(["b"], { observed_at: "2030-01-01T06:00:01Z" })))).toMatchObject({
      code: "feed_inconsistent_pages",
      detail: { page: 2, field: "observed_at" },
    });
  });

  it("fails when the pages hold more or fewer properties than total_count", () => {
    const more = new FeedAssembly(10_000, 200);
    more.accept(page(["a", "b", "c"], { next_cursor: "c2" }));
    expect(failure(() => more.accept(page(["d", "e"])))).toEqual({
      code: "feed_inconsistent_pages",
      detail: { page: 2, total_count: 4, received: 5 },
    });
    const fewer = new FeedAssembly(10_000, 200);
    fewer.accept(page(["a", "b", "c"]));
    expect(failure(() => fewer.snapshot())).toEqual({ code: "feed_inconsistent_pages", detail: { total_count: 4, received: 3 } });
  });

  it("fails on a repeated cursor and on a page beyond the limit", () => {
    const repeated = new FeedAssembly(10_000, 200);
    repeated.accept(page(["a"], { next_cursor: "c2" }));
    expect(failure(() => repeated.accept(page(["b"], { next_cursor: "c2" })))).toEqual({
      code: "feed_repeated_cursor",
      detail: { page: 2, cursor: "c2" },
    });
    const bounded = new FeedAssembly(10_000, 2);
    bounded.accept(page(["a"], { next_cursor: "c2" }));
    expect(failure(() => bounded.accept(page(["b"], { next_cursor: "c3" })))).toEqual({
      code: "feed_too_many_pages",
      detail: { limit_pages: 2 },
    });
  });

  it("reports ids repeated across pages as roster_duplicate_property, naming where the first repeat is", () => {
    const feed = new FeedAssembly(10_000, 200);
    feed.accept(page(["a", "b"], { next_cursor: "c2" }));
    feed.accept(page(["c", "a"]));
    expect(failure(() => feed.snapshot())).toEqual({
      code: "roster_duplicate_property",
      detail: { duplicate_property_ids: ["a"], page: 2, index: 1 },
    });
  });

  it("applies the partner's roster cap from the first page's total_count", () => {
    const feed = new FeedAssembly(3, 200);
    expect(failure(() => feed.accept(page(["a"], { next_cursor: "c2" })))).toEqual({
      code: "feed_too_many_properties",
      detail: { page: 1, total_count: 4, limit: 3 },
    });
  });
});

describe("pageUrl", () => {
  it("adds the cursor to the URL's own query, unchanged, and drops a fragment", () => {
    expect(pageUrl("https://feed.test/roster").href).toBe("https://feed.test/roster");
    expect(pageUrl("https://feed.test/roster", "c 2/&").href).toBe("https://feed.test/roster?cursor=c%202%2F%26");
    expect(pageUrl("https://feed.test/roster?token=a%2Bb&x=1#top", "abc").href).toBe(
      "https://feed.test/roster?token=a%2Bb&x=1&cursor=abc",
    );
  });
});
