import { z } from "zod";
import { applyRosterImport, failRosterImport } from "../roster/apply-roster-import";
import { defineJob } from "./definition";

export const applyRosterImportJob = defineJob({
  name: "apply-roster-import",
  payload: z.object({ importId: z.uuid() }),
  concurrency: 2,
  // A 10,000-property run applies in about a second; a killed worker's run comes back after this.
  // An attempt that outlives it is harmless: the next one waits on the run's row lock, then sees it final.
  timeoutSeconds: 30,
  retryLimit: 3,
  handler: ({ importId }) => applyRosterImport(importId),
  onGiveUp: ({ importId }) => failRosterImport(importId),
});
