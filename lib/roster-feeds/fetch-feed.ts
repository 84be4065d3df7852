import "server-only";
import http from "node:http";
import https from "node:https";
import type { RosterSnapshotBody } from "../roster/schemas";
import { FeedAssembly } from "./feed-assembly";
import { FeedError } from "./feed-errors";
import { type FeedLimits, feedLimits } from "./feed-limits";
import { secretMayTravel } from "./feed-transport";
import { ByteBudget, fetchPage } from "./fetch-page";
import { pageUrl } from "./page-url";
import { readPage } from "./read-page";

export interface FetchFeedInput {
  url: string;
  secret: string;
  rosterMax: number;
  limits?: FeedLimits;
}

export type FetchedFeed =
  { ok: true; body: RosterSnapshotBody; pages: number } | { ok: false; error: FeedError; observedAt?: Date; pages: number };

/**
 * Reads a hosted feed page by page and returns the snapshot it describes, or why it cannot be
 * used. One page's raw body is held at a time; only its validated items are kept.
 */
export async function fetchFeed(input: FetchFeedInput): Promise<FetchedFeed> {
  const limits = input.limits ?? feedLimits;
  const assembly = new FeedAssembly(input.rosterMax, limits.maxPages);
  const budget = new ByteBudget(limits.maxBytes);
  const url = new URL(input.url);
  // A feed set before plain http was limited to loopback, or written around `feed set`: the
  // secret is not sent in clear, so the pull fails before any request.
  if (!secretMayTravel(url)) {
    const detail = { message: "The feed URL is plain http to a host that is not loopback; the secret is only sent over https." };
    return { ok: false, error: new FeedError("feed_insecure_url", detail, { ...detail, host: url.host }), pages: 0 };
  }
  // One connection reused across the pages; closed when the feed has been read.
  const agentOptions = { keepAlive: true, maxSockets: 1 };
  const agent = url.protocol === "https:" ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  let cursor: string | undefined;
  try {
    do {
      const page = assembly.pageCount + 1;
      const bytes = await fetchPage({
        url: pageUrl(input.url, cursor),
        secret: input.secret,
        page,
        budget,
        timeoutMs: limits.requestTimeoutMs,
        agent,
      });
      cursor = assembly.accept(readPage(bytes, page));
    } while (cursor !== undefined);
    return { ok: true, body: assembly.snapshot(), pages: assembly.pageCount };
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return { ok: false, error, observedAt: assembly.observedAt, pages: assembly.pageCount };
  } finally {
    agent.destroy();
  }
}
