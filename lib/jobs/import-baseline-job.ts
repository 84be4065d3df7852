import { z } from "zod";
import type { PhotoImportDeps } from "../baseline-photos/import-photo";
import { giveUpPhotoImport, runPhotoImport } from "../baseline-photos/run-photo-import";
import { defineJob } from "./definition";

const payload = z.discriminatedUnion("kind", [z.object({ kind: z.literal("photos"), importId: z.uuid() })]);

export interface BaselineImportDeps {
  photos?: PhotoImportDeps;
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
    // 25 photos of at most 20 seconds each, plus storing them. A killed worker's import comes back
    // after this and resumes after the last photo it recorded.
    timeoutSeconds: 15 * 60,
    retryLimit: 3,
    handler: (job) => runPhotoImport(job.importId, deps.photos),
    onGiveUp: (job) => giveUpPhotoImport(job.importId),
  });
}

export const importBaselineJob = defineImportBaselineJob();
