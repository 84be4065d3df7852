import "server-only";
import { ApiError } from "../errors/api-error";
import { checkSnapshot } from "../roster/check-snapshot";
import type { RosterItem, RosterSnapshotBody } from "../roster/schemas";
import { FeedError } from "./feed-errors";
import type { FeedPage } from "./feed-page";

interface FirstPage {
  observedAt: string;
  observedMs: number;
  totalCount: number;
  allowEmpty?: boolean;
  acknowledgeInactiveCount?: number;
}

/**
 * Puts a feed's pages together into the one snapshot a push would have sent, checking the
 * rules between pages as each arrives (spec, Hosted feed: Consistency), so a feed that breaks
 * one stops being read at once. Only validated items are kept, never a page's raw body.
 */
export class FeedAssembly {
  readonly items: RosterItem[] = [];
  private first?: FirstPage;
  private pages = 0;
  private readonly pageEnds: number[] = [];
  private readonly cursors = new Set<string>();

  constructor(
    private readonly rosterMax: number,
    private readonly maxPages: number,
  ) {}

  /** When the snapshot described the inventory, once the first page has said so. */
  get observedAt(): Date | undefined {
    return this.first ? new Date(this.first.observedMs) : undefined;
  }

  get pageCount(): number {
    return this.pages;
  }

  /** Takes the next page; returns the cursor of the page to fetch after it, or undefined when the feed is complete. */
  accept(page: FeedPage): string | undefined {
    const number = ++this.pages;
    const first = this.first ?? this.takeFirst(page);
    this.checkAgainstFirst(page, first, number);
    if (this.items.length + page.properties.length > first.totalCount) {
      throw new FeedError("feed_inconsistent_pages", {
        page: number,
        total_count: first.totalCount,
        received: this.items.length + page.properties.length,
      });
    }
    for (const item of page.properties) this.items.push(item);
    this.pageEnds.push(this.items.length);

    const cursor = page.next_cursor;
    if (cursor === undefined) return undefined;
    if (this.cursors.has(cursor)) throw new FeedError("feed_repeated_cursor", { page: number, cursor });
    this.cursors.add(cursor);
    if (number >= this.maxPages) throw new FeedError("feed_too_many_pages", { limit_pages: this.maxPages });
    return cursor;
  }

  /**
   * The whole feed as one push body, through the push's own synchronous checks (the partner's
   * cap, repeated ids, total_count against the items), reported in the pull's terms.
   */
  snapshot(): RosterSnapshotBody {
    const first = this.first;
    if (!first) throw new Error("no page was accepted");
    const body: RosterSnapshotBody = {
      complete: true,
      observed_at: first.observedAt,
      total_count: first.totalCount,
      properties: this.items,
      allow_empty: first.allowEmpty,
      acknowledge_inactive_count: first.acknowledgeInactiveCount,
    };
    try {
      checkSnapshot(body, this.rosterMax);
    } catch (error) {
      if (error instanceof ApiError) throw this.translate(error);
      throw error;
    }
    return body;
  }

  // allow_empty and acknowledge_inactive_count count from the first page only (spec, Hosted feed: Body).
  private takeFirst(page: FeedPage): FirstPage {
    if (page.total_count > this.rosterMax) {
      throw new FeedError("feed_too_many_properties", { page: 1, total_count: page.total_count, limit: this.rosterMax });
    }
    this.first = {
      observedAt: page.observed_at,
      observedMs: Date.parse(page.observed_at),
      totalCount: page.total_count,
      allowEmpty: page.allow_empty,
      acknowledgeInactiveCount: page.acknowledge_inactive_count,
    };
    return this.first;
  }

  // observed_at is compared as an instant: "…Z" and "…+00:00" describe the same moment.
  private checkAgainstFirst(page: FeedPage, first: FirstPage, number: number): void {
    if (page.total_count !== first.totalCount) {
      throw new FeedError("feed_inconsistent_pages", {
        page: number,
        field: "total_count",
        first_page: first.totalCount,
        this_page: page.total_count,
      });
    }
    if (Date.parse(page.observed_at) !== first.observedMs) {
      throw new FeedError("feed_inconsistent_pages", {
        page: number,
        field: "observed_at",
        first_page: first.observedAt,
        this_page: page.observed_at,
      });
    }
  }

  /** Page number and index within that page of the n-th item overall. */
  private locate(overall: number): { page: number; index: number } {
    const page = this.pageEnds.findIndex((end) => overall < end);
    const start = page > 0 ? this.pageEnds[page - 1]! : 0;
    return { page: page + 1, index: overall - start };
  }

  private translate(error: ApiError): FeedError {
    const detail = error.detail ?? {};
    if (Array.isArray(detail.duplicate_property_ids)) {
      const at = typeof detail.index === "number" ? this.locate(detail.index) : {};
      return new FeedError("roster_duplicate_property", { duplicate_property_ids: detail.duplicate_property_ids, ...at });
    }
    if (detail.parameter === "total_count") {
      return new FeedError("feed_inconsistent_pages", {
        total_count: this.first?.totalCount,
        received: this.items.length,
      });
    }
    if (detail.parameter === "properties") {
      return new FeedError("feed_too_many_properties", { total_count: this.items.length, limit: this.rosterMax });
    }
    return new FeedError("internal_error", { message: error.message });
  }
}
