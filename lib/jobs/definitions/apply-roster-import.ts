import "server-only";
import { applyRosterImport, failRosterImport } from "../../roster/apply-roster-import";
import { defineJob } from "../definition";

export const applyRosterImportJob = defineJob({
  queue: "apply-roster-import",
  concurrency: 2,
  // Overlap: the whole run is decided and written in one transaction that first locks the run's
  // row and returns when the run is final; a second attempt waits on that lock, then sees the run
  // final and does nothing. The give-up takes the same lock. No lease needed.
  handler: ({ importId }) => applyRosterImport(importId),
  onGiveUp: ({ importId }) => failRosterImport(importId),
});
