import "server-only";
import { recheckItem } from "../../inspections/analyze-inspection";
import { productionAnalysisDeps } from "../../inspections/analysis-deps";
import { defineJob } from "../definition";

/**
 * Asks again about a `not_checked` item at the delays of ANALYSIS_RECHECK_DELAYS_SECONDS, within
 * 24 hours of the seal. Overlap: the item is taken from `not_checked` to `pending` by one
 * conditional update, so a second attempt finds nothing to do; the lease keeps them apart anyway.
 */
export const recheckItemJob = defineJob({
  queue: "recheck-item",
  concurrency: 1,
  workId: (job) => `${job.inspectionId}:${job.position}`,
  async handler(job) {
    const deps = await productionAnalysisDeps(job.partnerId, job.inspectionId);
    if ((await recheckItem(job.inspectionId, job.position, deps)) === "again") {
      await deps.scheduleRecheck(job.inspectionId, job.position, job.attempt + 1);
    }
  },
});
