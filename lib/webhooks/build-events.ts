import "server-only";
import { z } from "zod";
import { everyItemFinalSql } from "../checklist-items/block-status";
import { db, type Tx } from "../db/client";
import { log } from "../log";
import { buildInspectionEventBody } from "./build-event-body";
import type { InspectionEventType } from "./payloads";

// Due: its time came, or (recording_completed) every result is final, so it need not wait.
const dueSql = `
  SELECT e.id, e.event_type, e.inspection_id, e.partner_id, e.build_failures
  FROM webhook_event e
  WHERE e.build_after IS NOT NULL
    AND (e.build_after <= now()
      OR (e.event_type = 'inspection.recording_completed'
        AND ${everyItemFinalSql("e.inspection_id")}))
  ORDER BY e.build_after
  LIMIT $1
  FOR UPDATE SKIP LOCKED`;

interface DueEvent {
  id: string;
  event_type: InspectionEventType;
  inspection_id: string;
  partner_id: string;
  build_failures: number;
}

/** Tries of a body that throws for another reason than its schema (a lost connection, say), a minute apart, before it ends. */
export const buildTriesMax = 3;

/** The skip reason a delivery of an event whose body could not be built ends `failed` with. */
export const unbuildableReason = "unbuildable";

/**
 * Builds the bodies of due events and queues a delivery of each to the partner's receiver, if it
 * has one (an event without one stays in the log, and `webhook replay --since` can send it once
 * a receiver is set). A replay waiting for the body (lib/webhooks/replay.ts) is that delivery.
 * Row locks keep two workers from building one event. Answers how many.
 */
export async function buildDueEvents(limit = 50): Promise<number> {
  return db().$transaction(
    async (tx) => {
      const due = await tx.$queryRawUnsafe<DueEvent[]>(dueSql, limit);
      for (const event of due) {
        let body: string;
        try {
          body = await buildInspectionEventBody({ id: event.id, eventType: event.event_type, inspectionId: event.inspection_id });
        } catch (error) {
          await recordBuildFailure(tx, event, error);
          continue;
        }
        await tx.webhookEvent.update({
          where: { id: event.id },
          data: { body, builtAt: new Date(), buildAfter: null, buildError: null },
        });
        const waiting = await tx.$executeRaw`
          UPDATE webhook_delivery SET next_attempt_at = now() WHERE event_id = ${event.id}::uuid AND status = 'pending' AND next_attempt_at IS NULL`;
        if (waiting === 0) {
          await tx.$executeRaw`
            INSERT INTO webhook_delivery (id, event_id, partner_id)
            SELECT gen_random_uuid(), ${event.id}::uuid, partner_id FROM webhook_receiver WHERE partner_id = ${event.partner_id}::uuid`;
        }
      }
      return due.length;
    },
    { timeout: 60_000 },
  );
}

/**
 * A body that cannot be built is a bug (or a row this code cannot read), never the receiver's
 * trouble, and must not be retried unseen for ever. One that fails its schema will fail again:
 * it ends now; anything else is tried again a minute later, up to `buildTriesMax` tries. Ending
 * it is logged at error once, and its delivery (the replay waiting, or a new one, made even
 * without a receiver so the log shows it) ends `failed` with `unbuildable`; the jobs view counts
 * it (lib/jobs/queue-stats.ts). A replay builds it again.
 */
async function recordBuildFailure(tx: Tx, event: DueEvent, error: unknown): Promise<void> {
  const failures = event.build_failures + 1;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  if (!(error instanceof z.ZodError) && failures < buildTriesMax) {
    log().warn({ err: error, eventId: event.id, failures }, "could not build a webhook event; trying again in a minute");
    await tx.webhookEvent.update({
      where: { id: event.id },
      data: { buildFailures: failures, buildError: message, buildAfter: new Date(Date.now() + 60_000) },
    });
    return;
  }
  log().error(
    { err: error, eventId: event.id, eventType: event.event_type, inspectionId: event.inspection_id, failures },
    "webhook event cannot be built; its delivery ends failed (unbuildable)",
  );
  await tx.webhookEvent.update({
    where: { id: event.id },
    data: { buildFailures: failures, buildError: message, buildAfter: null, buildFailedAt: new Date() },
  });
  const ended = await tx.$executeRaw`
    UPDATE webhook_delivery SET status = 'failed', skip_reason = ${unbuildableReason}, next_attempt_at = NULL, finished_at = now()
    WHERE event_id = ${event.id}::uuid AND status = 'pending'`;
  if (ended === 0) {
    await tx.$executeRaw`
      INSERT INTO webhook_delivery (id, event_id, partner_id, status, skip_reason, next_attempt_at, finished_at)
      VALUES (gen_random_uuid(), ${event.id}::uuid, ${event.partner_id}::uuid, 'failed', ${unbuildableReason}, NULL, now())`;
  }
}
