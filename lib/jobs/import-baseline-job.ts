import { z } from "zod";
import type { PhotoImportDeps } from "../baseline-photos/import-photo";
import { giveUpPhotoImport, runPhotoImport } from "../baseline-photos/run-photo-import";
import { giveUpTourImport, runTourImport } from "../tours/run-tour-import";
import type { TourImportDeps } from "../tours/tour-import-deps";
import { defineJob } from "./definition";

const payload = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("photos"), importId: z.uuid() }),
  z.object({ kind: z.literal("tour"), importId: z.uuid() }),
]);

export interface BaselineImportDeps {
  photos?: PhotoImportDeps;
  tours?: TourImportDeps;
}

/**
 * Photo and tour imports share one queue for every home and workspace (spec, Limits: imports of
 * both kinds queue behind each other), with a small bounded concurrency per process so a burst
 * of imports never floods the fetcher. Tests and benchmarks pass their own `deps` (a resolver
 * that finds their local photo server); production uses the defaults.
 */
export function defineImportBaselineJob(deps: BaselineImportDeps = {}) {
  return defineJob({
    name: "import-baseline",
    payload,
    concurrency: 2,
    // 25 photos of at most 20 seconds each, or a tour's images, plus storing them. A killed
    // worker's import comes back after this and resumes after the last item it recorded.
    timeoutSeconds: 15 * 60,
    retryLimit: 3,
    handler: (job) => (job.kind === "photos" ? runPhotoImport(job.importId, deps.photos) : runTourImport(job.importId, deps.tours)),
    onGiveUp: (job) => (job.kind === "photos" ? giveUpPhotoImport(job.importId) : giveUpTourImport(job.importId, deps.tours)),
  });
}

export const importBaselineJob = defineImportBaselineJob();
