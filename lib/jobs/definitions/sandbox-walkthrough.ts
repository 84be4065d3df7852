import "server-only";
import { playSandboxWalkthrough } from "../../sandbox/play-walkthrough";
import { defineJob } from "../definition";

/**
 * The phone's side of a sandbox walkthrough (lib/sandbox/play-walkthrough.ts). Overlap: the
 * attempt holds the inspection's lease; beneath it every step answers a repeat as the first, so a
 * retry after a killed worker finishes what the first attempt began.
 */
export const sandboxWalkthroughJob = defineJob({
  queue: "sandbox-walkthrough",
  // One at a time per worker: a few seconds each, and its lease is a connection of the worker's
  // fixed budget (lib/jobs/lease.ts maxLeases).
  concurrency: 1,
  workId: (job) => job.inspectionId,
  handler: ({ inspectionId, partnerId }) => playSandboxWalkthrough(inspectionId, partnerId),
});
