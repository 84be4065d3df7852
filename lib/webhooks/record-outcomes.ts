import "server-only";
import { pool } from "../db/client";

/** Spec, Delivery semantics: six attempts. */
export const attemptsMax = 6;

export interface Outcome {
  deliveryId: string;
  status: "pending" | "delivered" | "failed" | "skipped";
  nextAttemptAt?: Date;
  skipReason?: string;
  /** The attempt made, absent for a skip (nothing was sent). */
  attempt?: {
    number: number;
    startedAt: Date;
    url: string;
    statusCode?: number;
    latencyMs: number;
    excerpt?: string;
    error?: string;
    /** The request's headers as sent, signatures included (never the secret). */
    headers?: Readonly<Record<string, string>>;
  };
}

/** What follows attempt `number` (1..6): delivered on a 2xx, else the next on the schedule, or failed after the sixth. */
export function outcomeAfter(
  deliveryId: string,
  number: number,
  delivered: boolean,
  delaysSeconds: readonly number[],
  now = Date.now(),
): Pick<Outcome, "deliveryId" | "status" | "nextAttemptAt"> {
  if (delivered) return { deliveryId, status: "delivered" };
  if (number >= attemptsMax) return { deliveryId, status: "failed" };
  return { deliveryId, status: "pending", nextAttemptAt: new Date(now + delaysSeconds[number - 1]! * 1000) };
}

// The deliveries' new state and their attempts in one statement. A lease that ran out (a worker
// that died before writing) is claimed again and the attempt made again: at least once, never lost.
const sql = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::int[]) AS t(id, status, next_at, skip_reason, number)
  ), updated AS (
    UPDATE webhook_delivery d
    SET status = input.status::"WebhookDeliveryStatus",
        attempts_made = greatest(d.attempts_made, coalesce(input.number, 0)),
        next_attempt_at = input.next_at,
        lease_until = NULL,
        skip_reason = input.skip_reason,
        finished_at = CASE WHEN input.status = 'pending' THEN NULL ELSE now() END
    FROM input WHERE d.id = input.id
  )
  INSERT INTO webhook_attempt (delivery_id, number, started_at, url, status_code, latency_ms, response_excerpt, error, request_headers)
  SELECT a, b, c, d, e, f, g, h, i::jsonb
  FROM unnest($6::uuid[], $7::int[], $8::timestamptz[], $9::text[], $10::int[], $11::int[], $12::text[], $13::text[], $14::text[])
    AS t(a, b, c, d, e, f, g, h, i)
  ON CONFLICT (delivery_id, number) DO NOTHING`;

export async function recordOutcomes(outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const tried = outcomes.filter((outcome) => outcome.attempt);
  await pool().query(sql, [
    outcomes.map((o) => o.deliveryId),
    outcomes.map((o) => o.status),
    outcomes.map((o) => o.nextAttemptAt ?? null),
    outcomes.map((o) => o.skipReason ?? null),
    outcomes.map((o) => o.attempt?.number ?? null),
    tried.map((o) => o.deliveryId),
    tried.map((o) => o.attempt!.number),
    tried.map((o) => o.attempt!.startedAt),
    tried.map((o) => o.attempt!.url),
    tried.map((o) => o.attempt!.statusCode ?? null),
    tried.map((o) => o.attempt!.latencyMs),
    tried.map((o) => o.attempt!.excerpt ?? null),
    tried.map((o) => o.attempt!.error ?? null),
    tried.map((o) => (o.attempt!.headers ? JSON.stringify(o.attempt!.headers) : null)),
  ]);
}
