import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { processSingleton } from "../process-state";
import { bucketOf } from "./latency-buckets";

/** Days of usage kept: the console shows 30; a few more so a day is never cut while shown. */
export const usageDaysKept = 35;

interface Counter {
  pending: Map<string, number>;
  /** `partner|day|bucket` → requests answered within that bucket. */
  latency: Map<string, number>;
  timer?: NodeJS.Timeout;
  lastPrune: number;
}

const counter = () =>
  processSingleton<Counter>("usage-counter", () => ({ pending: new Map(), latency: new Map(), lastPrune: 0 }));

/**
 * Counts one partner API request in memory; a timer adds the counts to `api_usage_day` every
 * USAGE_FLUSH_SECONDS, so the hot path never writes. A clean stop saves what is pending
 * (saveUsageBeforeExit); a crash loses at most that many seconds of counts: usage is a picture
 * for the partner, not billing.
 */
export function countRequest(partnerId: string, status: number, errorCode?: string, durationMs?: number, at = new Date()): void {
  const state = counter();
  const day = at.toISOString().slice(0, 10);
  const key = `${partnerId}|${day}|${status}|${errorCode ?? ""}`;
  state.pending.set(key, (state.pending.get(key) ?? 0) + 1);
  if (durationMs !== undefined) {
    const bucket = `${partnerId}|${day}|${bucketOf(durationMs)}`;
    state.latency.set(bucket, (state.latency.get(bucket) ?? 0) + 1);
  }
  if (!state.timer) {
    state.timer = setTimeout(
      () => void flushUsage().catch((error: unknown) => log().warn({ err: error }, "usage not saved")),
      config().USAGE_FLUSH_SECONDS * 1000,
    );
    state.timer.unref();
  }
}

/** Adds what was counted since the last flush (requests and their latency); counts that could not be saved are kept for the next. */
export async function flushUsage(): Promise<void> {
  const state = counter();
  state.timer = undefined;
  if (state.pending.size === 0 && state.latency.size === 0) return;
  const batch = state.pending;
  const latency = state.latency;
  state.pending = new Map();
  state.latency = new Map();
  const rows = [...batch.entries()].map(([key, count]) => [...key.split("|"), count] as [string, string, string, string, number]);
  const buckets = [...latency.entries()].map(([key, count]) => [...key.split("|"), count] as [string, string, string, number]);
  try {
    // One transaction: counts that could not be saved go back to be saved once, never twice.
    await db().$transaction([
      db().$executeRaw`
      INSERT INTO api_latency_day (partner_id, day, le_ms, count)
      SELECT * FROM unnest(${buckets.map((row) => row[0])}::uuid[], ${buckets.map((row) => row[1])}::date[],
                           ${buckets.map((row) => Number(row[2]))}::int[], ${buckets.map((row) => row[3])}::bigint[])
      ON CONFLICT (partner_id, day, le_ms) DO UPDATE SET count = api_latency_day.count + excluded.count`,
      db().$executeRaw`
      INSERT INTO api_usage_day (partner_id, day, status, error_code, count)
      SELECT * FROM unnest(${rows.map((row) => row[0])}::uuid[], ${rows.map((row) => row[1])}::date[], ${rows.map((row) => Number(row[2]))}::int[],
                           ${rows.map((row) => row[3])}::text[], ${rows.map((row) => row[4])}::bigint[])
      ON CONFLICT (partner_id, day, status, error_code) DO UPDATE SET count = api_usage_day.count + excluded.count`,
    ]);
  } catch (error) {
    for (const [key, count] of batch) state.pending.set(key, (state.pending.get(key) ?? 0) + count);
    for (const [key, count] of latency) state.latency.set(key, (state.latency.get(key) ?? 0) + count);
    throw error;
  }
  if (Date.now() - state.lastPrune > 3_600_000) {
    state.lastPrune = Date.now();
    await db().$executeRaw`DELETE FROM api_usage_day WHERE day < current_date - ${usageDaysKept}::int`;
    await db().$executeRaw`DELETE FROM api_latency_day WHERE day < current_date - ${usageDaysKept}::int`;
  }
}

/**
 * For a process that is stopping (SIGTERM, SIGINT), once it answers no more requests: saves the
 * counts the timer would have saved later. Never throws, so a database already gone does not
 * stop the rest of the shutdown; the loss is logged.
 */
export async function saveUsageBeforeExit(): Promise<void> {
  const state = counter();
  clearTimeout(state.timer);
  await flushUsage().catch((error: unknown) =>
    log().warn({ err: error, unsaved: state.pending.size }, "usage counted before the stop not saved"),
  );
}
