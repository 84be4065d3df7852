import "server-only";
import { db } from "../db/client";
import type { CallRecord } from "../analysis/provider";

/** Keeps what each provider call cost (tokens, images, latency) and how it went, per inspection. */
export async function recordCalls(inspectionId: string, calls: CallRecord[]): Promise<void> {
  if (calls.length === 0) return;
  await db().analysisCall.createMany({ data: calls.map((call) => ({ inspectionId, ...call })) });
}
