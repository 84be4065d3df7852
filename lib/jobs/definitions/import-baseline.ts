import "server-only";
import type { PhotoImportDeps } from "../../baseline-photos/import-photo";
import { giveUpPhotoImport, runPhotoImport } from "../../baseline-photos/run-photo-import";
import { giveUpTourImport, runTourImport } from "../../tours/run-tour-import";
import type { TourImportDeps } from "../../tours/tour-import-deps";
import { defineJob } from "../definition";

export interface BaselineImportDeps {
  photos?: PhotoImportDeps;
  tours?: TourImportDeps;
}

/**
 * Photo and tour imports share one queue for every home and workspace (spec, Limits: imports of
 * both kinds queue behind each other), with a small bounded concurrency per process so a burst
 * of imports never floods the fetcher, and a fair share per partner (lib/queue/queues.ts).
 *
 * Timing: an attempt stops between items once the queue's deadline has passed and the import
 * continues in a fresh job; lib/queue/queues.ts derives the expiry from the deadline and the
 * longest item, so an attempt ends before pg-boss would start another.
 *
 * Overlap: an attempt holds the import's lease, so a second attempt of the same import (a
 * duplicate delivery, or a retry while a late attempt still runs) waits its turn instead of
 * running beside it. Beneath that, every photo's outcome and every tour image is recorded under
 * the import's row lock and kept only once, so even attempts that did overlap (a lease lost with
 * its connection) count each item once. A killed worker's lease ends with its connection: the
 * retry resumes after the last item recorded.
 *
 * Tests and benchmarks pass their own `deps` (a resolver that finds their local photo server)
 * and may shorten the deadline; production uses the defaults.
 */
export function defineImportBaselineJob(deps: BaselineImportDeps = {}, options: { deadlineSeconds?: number } = {}) {
  return defineJob({
    queue: "import-baseline",
    concurrency: 2,
    deadlineSeconds: options.deadlineSeconds,
    workId: (job) => job.importId,
    async handler(job, { shouldPause }) {
      if (job.kind === "photos") {
        const progress = await runPhotoImport(job.importId, deps.photos, { shouldPause });
        return progress === "paused" ? { continueWith: job } : undefined;
      }
      const progress = await runTourImport(job.importId, deps.tours, { shouldPause, skippedImageIds: job.skippedImageIds });
      return progress.state === "paused" ? { continueWith: { ...job, skippedImageIds: progress.skippedImageIds } } : undefined;
    },
    onGiveUp: (job) =>
      job.kind === "photos" ? giveUpPhotoImport(job.importId, deps.photos?.storage) : giveUpTourImport(job.importId, deps.tours),
  });
}

export const importBaselineJob = defineImportBaselineJob();
