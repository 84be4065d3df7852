import "server-only";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";
import { percentileOf } from "./latency-buckets";

export interface UsageDay {
  day: string;
  requests: number;
  errors: number;
  /** Requests by the answer's status class. */
  ok: number;
  redirect: number;
  clientError: number;
  serverError: number;
  /** To the latency bucket's bound, ms; absent on a day with no request. */
  p50Ms?: number;
  p95Ms?: number;
  /** Webhook deliveries queued that day that ended delivered or failed. */
  delivered: number;
  failed: number;
}

export interface UsageView {
  /** The last 30 UTC days, oldest first, each present even with no requests. */
  days: UsageDay[];
  /** Error answers of those days by code, most frequent first. */
  errors: { code: string; status: number; count: number }[];
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function usageOf(partnerId: string, now = new Date()): Promise<UsageView> {
  await requirePartner(partnerId);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const [rows, latency, deliveries] = await Promise.all([
    db().apiUsageDay.findMany({ where: { partnerId, day: { gte: first } } }),
    db().apiLatencyDay.findMany({ where: { partnerId, day: { gte: first } } }),
    db().$queryRaw<{ day: Date; status: string; count: bigint }[]>`
      SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, status::text AS status, count(*) AS count
      FROM webhook_delivery
      WHERE partner_id = ${partnerId}::uuid AND created_at >= ${first} AND status IN ('delivered', 'failed')
      GROUP BY 1, 2`,
  ]);
  const days = Array.from({ length: 30 }, (_unused, index): UsageDay => {
    const day = dayOf(new Date(first.getTime() + index * 86_400_000));
    const ofDay = rows.filter((row) => dayOf(row.day) === day);
    const count = (test: (status: number) => boolean) =>
      ofDay.filter((row) => test(row.status)).reduce((sum, row) => sum + Number(row.count), 0);
    const buckets = new Map(latency.filter((row) => dayOf(row.day) === day).map((row) => [row.leMs, Number(row.count)]));
    const sent = (status: string) =>
      Number(deliveries.find((row) => dayOf(row.day) === day && row.status === status)?.count ?? 0);
    return {
      day,
      requests: count(() => true),
      errors: count((status) => status >= 400),
      ok: count((status) => status < 300),
      redirect: count((status) => status >= 300 && status < 400),
      clientError: count((status) => status >= 400 && status < 500),
      serverError: count((status) => status >= 500),
      p50Ms: percentileOf(buckets, 0.5),
      p95Ms: percentileOf(buckets, 0.95),
      delivered: sent("delivered"),
      failed: sent("failed"),
    };
  });
  const byCode = new Map<string, { code: string; status: number; count: number }>();
  for (const row of rows.filter((candidate) => candidate.status >= 400)) {
    const code = row.errorCode || String(row.status);
    const entry = byCode.get(code) ?? { code, status: row.status, count: 0 };
    entry.count += Number(row.count);
    byCode.set(code, entry);
  }
  return { days, errors: [...byCode.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)) };
}
