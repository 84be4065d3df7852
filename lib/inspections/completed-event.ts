import "server-only";
import type { Tx } from "../db/client";
import { log } from "../log";
import { recordInspectionEvents } from "../webhooks/record-event";

/**
 * Spec, Events and Limits: `inspection.completed` is "not sent if `delivery` cannot be filled
 * within two days" of the walk. We count from the seal. A later release still completes the
 * inspection (status, findings and report read `completed`); only the event is dropped, and no
 * `inspection.failed` is sent either, as the report did not fail.
 */
export const completedEventWindowHours = 48;

/** Records `inspection.completed` in the release's transaction unless the release is over 2 days after the seal; answers whether it did. */
export async function recordCompletedEvent(tx: Tx, inspectionId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ late: boolean }[]>`
    SELECT coalesce(sealed_at < now() - make_interval(hours => ${completedEventWindowHours}), false) AS late
    FROM inspection WHERE id = ${inspectionId}::uuid`;
  if (row?.late) {
    log().info({ inspectionId }, "report released more than 2 days after the seal: no inspection.completed");
    return false;
  }
  await recordInspectionEvents(tx, [inspectionId], "inspection.completed");
  return true;
}
