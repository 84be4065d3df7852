import "server-only";
import { recordAudit, retentionActor } from "../../consoles/audit";
import { deleteExpiredMedia } from "../../recording/media-retention";
import { defineJob } from "../definition";

/** One sweep of the retention policy, each walkthrough audited as it is marked; answers how many. */
export function runMediaRetention(now = new Date()): Promise<number> {
  return deleteExpiredMedia(
    (tx, expired) =>
      recordAudit(
        {
          actor: retentionActor,
          partnerId: expired.partnerId,
          action: "inspection.media_deleted",
          objectType: "inspection",
          objectId: expired.inspectionId,
          detail: { days: expired.days, sealed_at: expired.sealedAt.toISOString() },
        },
        tx,
      ),
    now,
  );
}

/**
 * Daily: the retention policy deletes the video, parts and stills of walkthroughs sealed longer
 * ago than their partner's retention, each one logged and audited. Overlap: each is marked under
 * `media_deleted_at IS NULL`, so two runs audit it once; deleting objects twice is harmless.
 */
export const deleteExpiredMediaJob = defineJob({
  queue: "delete-expired-media",
  schedule: "23 3 * * *",
  handler: async () => {
    await runMediaRetention();
  },
});
