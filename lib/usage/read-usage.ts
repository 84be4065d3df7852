import "server-only";
import { db } from "../db/client";
import { requirePartner } from "../partners/require-partner";

export interface UsageView {
  /** The last 30 UTC days, oldest first, each present even with no requests. */
  days: { day: string; requests: number; errors: number }[];
  /** Error answers of those days by code, most frequent first. */
  errors: { code: string; status: number; count: number }[];
}

export async function usageOf(partnerId: string, now = new Date()): Promise<UsageView> {
  await requirePartner(partnerId);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const rows = await db().apiUsageDay.findMany({ where: { partnerId, day: { gte: first } } });
  const days = Array.from({ length: 30 }, (_unused, index) => {
    const day = new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    const ofDay = rows.filter((row) => row.day.toISOString().slice(0, 10) === day);
    return {
      day,
      requests: ofDay.reduce((sum, row) => sum + Number(row.count), 0),
      errors: ofDay.filter((row) => row.status >= 400).reduce((sum, row) => sum + Number(row.count), 0),
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
