import "server-only";
import { analyzeInspection, handAnalysisToStaff } from "../../inspections/analyze-inspection";
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
  async onGiveUp(job) {
    await handAnalysisToStaff(job.inspectionId);
    await releaseIfReady(job.inspectionId);
  },
});
