import { config } from "../config";
import { pool } from "../db/client";
import { log } from "../log";
import { ApiError } from "./errors";

export type RateLimitBucket = "general" | "workspace_create" | "roster_import" | "claim" | "roster_sync";

function limitOf(bucket: RateLimitBucket): number {
  const c = config();
  return {
    general: c.RATE_LIMIT_GENERAL,
    workspace_create: c.RATE_LIMIT_WORKSPACE_CREATE,
    roster_import: c.RATE_LIMIT_ROSTER_IMPORT,
    claim: c.RATE_LIMIT_CLAIM,
    roster_sync: c.RATE_LIMIT_ROSTER_SYNC,
  }[bucket];
}

interface Window {
  start: number;
  end: number;
}

function currentWindow(now = Date.now()): Window {
  const size = config().RATE_LIMIT_WINDOW_SECONDS * 1000;
  const start = Math.floor(now / size) * size;
  return { start, end: start + size };
}

function refuse(window: Window): ApiError {
  const retryAfter = Math.max(1, Math.ceil((window.end - Date.now()) / 1000));
  return new ApiError("too_many_requests", { headers: { "Retry-After": String(retryAfter) } });
}

const upsertSql = `
  INSERT INTO rate_limit_window (bucket, window_start, hits)
  SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[])
  ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_window.hits + EXCLUDED.hits
  RETURNING bucket, window_start, hits`;

/**
 * Tight buckets are counted in PostgreSQL on every call, so every process sees every hit.
 * A limiter that cannot reach its store lets the request through: it must not take the API down.
 */
async function consumeExact(key: string, limit: number): Promise<void> {
  const window = currentWindow();
  try {
    const result = await pool().query<{ hits: number }>(upsertSql, [[key], [new Date(window.start)], [1]]);
    if ((result.rows[0]?.hits ?? 0) > limit) throw refuse(window);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log().warn({ err: error }, "rate limit store unavailable");
  }
}

/*
 * The general bucket sees every request, so a write per request would double the cost of
 * a read. Each process counts locally and merges its counts into the shared row every
 * flushEveryMs; a process then decides on the shared total it last saw plus its own
 * unflushed hits. Across N processes the limit can be exceeded by at most what N
 * processes admit in one flush interval.
 */
const flushEveryMs = 250;
const unflushed = new Map<string, { start: number; hits: number }>();
const sharedTotals = new Map<string, { start: number; hits: number }>();
let flushTimer: NodeJS.Timeout | undefined;

async function flush(): Promise<void> {
  flushTimer = undefined;
  const entries = [...unflushed.entries()];
  unflushed.clear();
  if (entries.length === 0) return;
  try {
    const result = await pool().query<{ bucket: string; window_start: Date; hits: number }>(upsertSql, [
      entries.map(([key]) => key),
      entries.map(([, v]) => new Date(v.start)),
      entries.map(([, v]) => v.hits),
    ]);
    for (const row of result.rows) {
      sharedTotals.set(row.bucket, { start: row.window_start.getTime(), hits: row.hits });
    }
  } catch (error) {
    log().warn({ err: error }, "rate limit store unavailable");
  }
}

function consumeBatched(key: string, limit: number): void {
  const window = currentWindow();
  const shared = sharedTotals.get(key);
  const sharedHits = shared?.start === window.start ? shared.hits : 0;
  const local = unflushed.get(key);
  const localHits = local?.start === window.start ? local.hits : 0;
  if (sharedHits + localHits >= limit) throw refuse(window);
  unflushed.set(key, { start: window.start, hits: localHits + 1 });
  flushTimer ??= setTimeout(() => void flush(), flushEveryMs).unref();
}

/** Counts one request against a bucket for one subject (a key or a partner); throws 429 when over. */
export async function consumeRateLimit(bucket: RateLimitBucket, subject: string): Promise<void> {
  const key = `${bucket}:${subject}`;
  if (bucket === "general") consumeBatched(key, limitOf(bucket));
  else await consumeExact(key, limitOf(bucket));
}

/** Drops windows nobody will ask about again; called by a scheduled job. */
export async function pruneRateLimitWindows(): Promise<number> {
  const result = await pool().query("DELETE FROM rate_limit_window WHERE window_start < now() - interval '1 hour'");
  return result.rowCount ?? 0;
}
