import "server-only";
import { pool } from "../db/client";

/** A lease longer than an attempt's 10 seconds plus writing its outcome: a dead worker's delivery is claimed again after it. */
export const deliveryLeaseSeconds = 20;

export interface ClaimedDelivery {
  id: string;
  attempts_made: number;
  event_id: string;
  event_type: string;
  body: string;
  url: string | null;
  secret_encrypted: string | null;
  previous_secret_encrypted: string | null;
  partner_status: string;
  event_track: "inspections" | "reservations";
  has_scope: boolean;
  workspace_is_partners: boolean | null;
  /** An inspection event's home was on when the event was recorded (decided then, once); null for other events. */
  unit_on: boolean | null;
}

/*
 * Claims due deliveries fairly, starting from the due deliveries themselves (one range of the
 * (status, next_attempt_at, id) index), not from every partner: a look costs the same with 10 or
 * 10,000 partners. Partners whose receiver already has `receiverCap` deliveries in flight across
 * every worker (counted by live leases, on the lease_until index) are passed over, so a receiver
 * that hangs holds at most its cap and its backlog never stands in front of another partner's
 * deliveries. Of the oldest `window` due deliveries of the others, each partner gets what its
 * receiver may still take, ranked so the first of every receiver comes before the second of any.
 * The UPDATE re-checks the lease, so two workers that picked the same row claim it once. The same
 * statement reads what deciding again needs (spec, Delivery semantics).
 */
const claimSql = `
  WITH busy AS (
    SELECT partner_id, count(*)::int AS n FROM webhook_delivery
    WHERE lease_until > now() AND status = 'pending' GROUP BY partner_id
  ), due AS (
    SELECT d.id, d.partner_id, d.next_attempt_at FROM webhook_delivery d
    WHERE d.status = 'pending' AND d.next_attempt_at <= now()
      AND (d.lease_until IS NULL OR d.lease_until <= now())
      AND NOT EXISTS (SELECT 1 FROM busy WHERE busy.partner_id = d.partner_id AND busy.n >= $2)
    ORDER BY d.next_attempt_at, d.id
    LIMIT $3
  ), ranked AS (
    SELECT due.id, row_number() OVER (PARTITION BY due.partner_id ORDER BY due.next_attempt_at, due.id) AS rank,
           $2 - coalesce(busy.n, 0) AS room
    FROM due LEFT JOIN busy ON busy.partner_id = due.partner_id
  ), picked AS (
    SELECT id FROM ranked WHERE rank <= room
    ORDER BY rank, id
    LIMIT $1
  ), claimed AS (
    UPDATE webhook_delivery d SET lease_until = now() + make_interval(secs => ${deliveryLeaseSeconds})
    FROM picked
    WHERE d.id = picked.id AND d.status = 'pending' AND (d.lease_until IS NULL OR d.lease_until <= now())
    RETURNING d.id, d.event_id, d.partner_id, d.attempts_made
  )
  SELECT c.id, c.attempts_made, e.id AS event_id, e.event_type, e.body,
         r.url, r.secret_encrypted,
         CASE WHEN r.previous_expires_at > now() THEN r.previous_secret_encrypted END AS previous_secret_encrypted,
         p.status::text AS partner_status, p.event_track::text AS event_track,
         EXISTS (SELECT 1 FROM api_key k WHERE k.partner_id = c.partner_id AND k.status = 'active'
                 AND ('read:' || split_part(e.event_type, '.', 1) || 's') = ANY (k.scopes)) AS has_scope,
         w.partner_id = c.partner_id AS workspace_is_partners,
         CASE WHEN e.inspection_id IS NOT NULL THEN NOT e.unit_switched_off END AS unit_on
  FROM claimed c
  JOIN webhook_event e ON e.id = c.event_id
  JOIN partner p ON p.id = c.partner_id
  LEFT JOIN webhook_receiver r ON r.partner_id = c.partner_id
  LEFT JOIN workspace w ON w.id = e.workspace_id`;

/**
 * How many of the oldest due deliveries one claim looks at: four per free slot, so one partner's
 * backlog (of which it takes at most its receiver's room) leaves the other slots to others.
 */
export const claimWindow = (limit: number) => Math.min(Math.max(limit * 4, 100), 2000);

export async function claimDeliveries(limit: number, receiverCap: number): Promise<ClaimedDelivery[]> {
  const { rows } = await pool().query<ClaimedDelivery>(claimSql, [limit, receiverCap, claimWindow(limit)]);
  return rows;
}

/** The claim's statement, for EXPLAIN in the tests. */
export const claimStatement = claimSql;

/** Which events each track receives (spec, Events): the three inspection events, or the other two families. */
const trackFamilies: Record<ClaimedDelivery["event_track"], string[]> = {
  inspections: ["inspection"],
  reservations: ["workspace", "reservation"],
};

/**
 * Spec, Delivery semantics and Events: decided again before every attempt. An event is not sent
 * once the integration is paused, the partner's track no longer takes its family, no active key
 * holds its family's scope (`read:inspections`, `read:workspaces`, `read:reservations`), or the
 * workspace is no longer the partner's. An inspection event is not sent either when its home was
 * switched off (left the roster or lost `billing_active`) as the event was recorded: that one is
 * decided once, not again (lib/webhooks/record-event.ts); a reservation event goes as the stub
 * instead. No event is sent without a receiver. Answers the reason, or undefined to send.
 */
export function skipReasonOf(claimed: ClaimedDelivery): string | undefined {
  if (claimed.url === null || claimed.secret_encrypted === null) return "no_receiver";
  const family = claimed.event_type.split(".", 1)[0]!;
  if (family === "webhook") return undefined;
  if (claimed.partner_status !== "active") return "partner_paused";
  if (!trackFamilies[claimed.event_track].includes(family)) return "not_on_track";
  if (!claimed.has_scope) return "no_key_with_scope";
  if (claimed.workspace_is_partners !== true) return "workspace_not_partners";
  if (family === "inspection" && claimed.unit_on !== true) return "unit_switched_off";
  return undefined;
}
