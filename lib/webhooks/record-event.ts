import "server-only";
import { config } from "../config";
import type { Tx } from "../db/client";
import type { InspectionEventType } from "./payloads";

/** The channel the dispatcher listens on, so an event goes out within moments of its commit. */
export const webhookChannel = "webhooks";

/** Spec, Events: `recording_completed` waits at most about 2 minutes after the seal for every result. */
export const recordingCompletedHoldSeconds = () => config().WEBHOOK_RECORDING_HOLD_SECONDS;

/**
 * Records that an inspection event is due, in the transaction of the change it reports, so a
 * crash can neither lose it nor send it for a change that did not commit. Once per inspection
 * and type (a second call does nothing). The body is built later by the dispatcher, no earlier
 * than `holdSeconds` from now unless every result is in (lib/webhooks/build-events.ts).
 * Whether the home is switched off (out of the roster, or without `billing_active`) is decided
 * here, once (spec, Delivery semantics: no inspection event for a home switched off while its
 * walkthrough is in flight): such an event is logged and skipped, never sent, and a roster change
 * after this moment does not cancel the retries of one decided on.
 */
export async function recordInspectionEvents(
  tx: Tx,
  inspectionIds: readonly string[],
  eventType: InspectionEventType,
  holdSeconds = 0,
): Promise<void> {
  if (inspectionIds.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO webhook_event (id, partner_id, event_type, workspace_id, property_id, inspection_id, build_after, unit_switched_off)
    SELECT gen_random_uuid(), w.partner_id, ${eventType}, i.workspace_id, i.property_id, i.id, now() + make_interval(secs => ${holdSeconds}),
           NOT (p.roster_status = 'present' AND p.billing_active)
    FROM inspection i JOIN workspace w ON w.id = i.workspace_id JOIN property p ON p.id = i.property_id
    WHERE i.id = ANY(${inspectionIds as string[]}::uuid[])
    ON CONFLICT (inspection_id, event_type) DO NOTHING`;
  await tx.$executeRaw`SELECT pg_notify(${webhookChannel}, '')`;
}
