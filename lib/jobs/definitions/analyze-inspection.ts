import "server-only";
import { isDependencyUnavailable } from "../../errors/dependency-unavailable";
import { analyzeInspection, handAnalysisToStaff } from "../../inspections/analyze-inspection";
import { enqueue } from "../../queue/enqueue";
import { nextSealAttempt } from "../../recording/seal-retry";
import { productionAnalysisDeps } from "../../inspections/analysis-deps";
import { releaseIfReady } from "../../inspections/release-report";
import { defineJob } from "../definition";

/**
 * Analyses sealed walkthroughs (lib/inspections/analyze-inspection.ts), two at a time per worker
 * process (the provider's own concurrency bound is ANALYSIS_CONCURRENCY). Overlap: the attempt
 * holds the inspection's lease; beneath it, each item is judged only while still undecided and
 * each batch of frames counts once (its row is written with its findings). A deadline pauses an
 * attempt between items; the work continues in a fresh job.
 */
export const analyzeInspectionJob = defineJob({
  queue: "analyze-inspection",
  concurrency: 2,
  workId: (job) => job.inspectionId,
  async handler(job, { shouldPause }) {
    const progress = await analyzeInspection(
      job.inspectionId,
      await productionAnalysisDeps(job.partnerId, job.inspectionId),
      shouldPause,
    );
    return progress === "paused" ? { continueWith: job } : undefined;
  },
  // The store or the database away (a findings picture that could not be stored): tried again on
  // the seal's schedule, for the seal's window. Giving up then would release the report without
  // the findings the provider had returned (the soak lost one so during a 90 s store outage).
  retryLater: (job, error) => (isDependencyUnavailable(error) ? nextSealAttempt(job) : undefined),
  async onGiveUp(job, error) {
    const next = isDependencyUnavailable(error) ? nextSealAttempt(job) : undefined;
    if (next) return void (await enqueue("analyze-inspection", next.payload, { startAfterSeconds: next.afterSeconds }));
    await handAnalysisToStaff(job.inspectionId);
    await releaseIfReady(job.inspectionId);
  },
});
