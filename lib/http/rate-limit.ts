import { config } from "../config";
import { pool } from "../db/client";
import { log } from "../log";
import { processSingleton } from "../process-state";
import { ApiError } from "../errors/api-error";

/**
 * `general` counts every partner call per key; `unauthenticated` counts calls per client address
 * whose credential (partner key or recording token) was missing, malformed or unknown;
 * `recorder` counts a recording link's calls per task; `demo` counts the anonymous demo tier's
 * submissions per client address; `sign_in_address` and `sign_in_email` count asks for a sign-in
 * link per client address and per email address; the rest are the spec's tighter bounds, per partner.
 */
export type RateLimitBucket =
  | "general"
  | "unauthenticated"
  | "recorder"
  | "workspace_create"
  | "roster_import"
  | "claim"
  | "roster_sync"
  | "demo"
  | "sign_in_address"
  | "sign_in_email";

function limitOf(bucket: RateLimitBucket): number {
  const c = config();
  return {
    general: c.RATE_LIMIT_GENERAL,
    unauthenticated: c.RATE_LIMIT_UNAUTHENTICATED,
    recorder: c.RATE_LIMIT_RECORDER,
    workspace_create: c.RATE_LIMIT_WORKSPACE_CREATE,
    roster_import: c.RATE_LIMIT_ROSTER_IMPORT,
    claim: c.RATE_LIMIT_CLAIM,
    roster_sync: c.RATE_LIMIT_ROSTER_SYNC,
    demo: c.RATE_LIMIT_DEMO,
    sign_in_address: c.RATE_LIMIT_SIGN_IN_ADDRESS,
    sign_in_email: c.RATE_LIMIT_SIGN_IN_EMAIL,
  }[bucket];
}

// A person asks for a link a few times an hour at most; an hour (the most pruning keeps) is the
// window that stops a mailbox being flooded. Every other bucket uses RATE_LIMIT_WINDOW_SECONDS.
const windowSecondsOf = (bucket: RateLimitBucket) => (bucket === "sign_in_email" ? 3600 : config().RATE_LIMIT_WINDOW_SECONDS);

// Buckets that see a request per call are counted in memory and merged into PostgreSQL in batches.
const batched: ReadonlySet<RateLimitBucket> = new Set(["general", "unauthenticated", "recorder"]);

interface Window {
  start: number;
  end: number;
}

function currentWindow(now = Date.now(), seconds = config().RATE_LIMIT_WINDOW_SECONDS): Window {
  const size = seconds * 1000;
  const start = Math.floor(now / size) * size;
  return { start, end: start + size };
}

function refuse(window: Window): ApiError {
  const retryAfter = Math.max(1, Math.ceil((window.end - Date.now()) / 1000));
  return new ApiError("too_many_requests", { headers: { "Retry-After": String(retryAfter) } });
}

interface Count {
  start: number;
  hits: number;
}

/** One per process (lib/process-state.ts): two copies of these counters would each admit the limit. */
const counters = () =>
  processSingleton("rate-limit", () => ({
    /** Batched buckets: hits not yet merged into the shared row. */
    unflushed: new Map<string, Count>(),
    /** Batched buckets: hits being merged right now (counted until the merge answers). */
    merging: new Map<string, Count>(),
    /** Batched buckets: the shared totals as of the last merge. */
    shared: new Map<string, Count>(),
    /** Exact buckets, counted here only while the shared store cannot be reached. */
    fallback: new Map<string, Count>(),
    flushTimer: undefined as NodeJS.Timeout | undefined,
  }));

function hitsIn(counts: Map<string, Count>, key: string, window: Window): number {
  const count = counts.get(key);
  return count?.start === window.start ? count.hits : 0;
}

const upsertSql = `
  INSERT INTO rate_limit_window (bucket, window_start, hits)
  SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[])
  ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_window.hits + EXCLUDED.hits
  RETURNING bucket, window_start, hits`;

/*
 * When the shared store cannot be reached, no limit is lifted: each process goes on enforcing
 * every limit on its own counts (a deployment of N processes then admits at most N times a
 * limit until the store is back). The calls behind the limits need the same database, so they
 * fail with 503 in the meantime anyway; what the fallback prevents is a burst let through.
 */

/** Tight buckets are counted in PostgreSQL on every call, so every process sees every hit. */
async function consumeExact(key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = currentWindow(Date.now(), windowSeconds);
  let hits: number;
  try {
    const result = await pool().query<{ hits: number }>(upsertSql, [[key], [new Date(window.start)], [1]]);
    hits = result.rows[0]?.hits ?? 0;
  } catch (error) {
    log().warn({ err: error }, "rate limit store unavailable; limiting on this process's counts");
    const { fallback } = counters();
    hits = hitsIn(fallback, key, window) + 1;
    fallback.set(key, { start: window.start, hits });
  }
  if (hits > limit) throw refuse(window);
}

/*
 * A batched bucket sees every request, so a write per request would double the cost of a read.
 * Each process counts locally and merges its counts into the shared row every flushEveryMs; a
 * process then decides on the shared total it last saw plus its own unflushed hits. Across N
 * processes the limit can be exceeded by at most what N processes admit in one flush interval.
 */
const flushEveryMs = 250;

// One merge at a time: the next is scheduled once this one has answered.
async function flush(): Promise<void> {
  const state = counters();
  const entries = [...state.unflushed.entries()];
  state.unflushed.clear();
  for (const [key, count] of entries) state.merging.set(key, count);
  try {
    const result = await pool().query<{ bucket: string; window_start: Date; hits: number }>(upsertSql, [
      entries.map(([key]) => key),
      entries.map(([, v]) => new Date(v.start)),
      entries.map(([, v]) => v.hits),
    ]);
    for (const row of result.rows) state.shared.set(row.bucket, { start: row.window_start.getTime(), hits: row.hits });
  } catch (error) {
    log().warn({ err: error }, "rate limit store unavailable; limiting on this process's counts");
    // Folded into what this process last knew, so its own hits keep counting towards the limit.
    for (const [key, count] of entries) {
      const known = state.shared.get(key);
      const hits = known?.start === count.start ? known.hits + count.hits : count.hits;
      state.shared.set(key, { start: count.start, hits });
    }
  } finally {
    for (const [key] of entries) state.merging.delete(key);
    state.flushTimer = undefined;
    if (state.unflushed.size > 0) scheduleFlush();
  }
}

function scheduleFlush(): void {
  const state = counters();
  state.flushTimer ??= setTimeout(() => void flush(), flushEveryMs).unref();
}

function batchedHits(key: string, window: Window): number {
  const state = counters();
  return hitsIn(state.shared, key, window) + hitsIn(state.merging, key, window) + hitsIn(state.unflushed, key, window);
}

function countBatched(key: string, window: Window): void {
  const state = counters();
  state.unflushed.set(key, { start: window.start, hits: hitsIn(state.unflushed, key, window) + 1 });
  scheduleFlush();
}

const bucketKey = (bucket: RateLimitBucket, subject: string) => `${bucket}:${subject}`;

/** Counts one request against a bucket for one subject (a key, a partner, an address); throws 429 when over. */
export async function consumeRateLimit(bucket: RateLimitBucket, subject: string): Promise<void> {
  const key = bucketKey(bucket, subject);
  if (!batched.has(bucket)) return consumeExact(key, limitOf(bucket), windowSecondsOf(bucket));
  const window = currentWindow();
  if (batchedHits(key, window) >= limitOf(bucket)) throw refuse(window);
  countBatched(key, window);
}

/**
 * A request whose credential (partner key, recording token, poll token) was missing, malformed
 * or unknown, from a client address (`clientLimitKey`): counted, or `429` once the address has
 * sent RATE_LIMIT_UNAUTHENTICATED of them this window. Called only after the lookup failed, so a
 * valid credential from an address that also sends junk (carrier NAT: many phones, one address)
 * is always served and never counted.
 */
export function countUnknownCredential(address: string): void {
  const window = currentWindow();
  const key = bucketKey("unauthenticated", address);
  if (batchedHits(key, window) >= limitOf("unauthenticated")) throw refuse(window);
  countBatched(key, window);
}

/** Drops windows nobody will ask about again; called by a scheduled job. */
export async function pruneRateLimitWindows(): Promise<number> {
  const result = await pool().query("DELETE FROM rate_limit_window WHERE window_start < now() - interval '1 hour'");
  return result.rowCount ?? 0;
}
