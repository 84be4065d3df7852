import "server-only";
import { stampRecord } from "../../evidence/stamp-record";
import { defineJob } from "../definition";

/**
 * Has an evidence record's SHA-256 stamped by the RFC 3161 authority. Overlap: a second attempt
 * finds the token kept and asks nothing (or both ask and the first token written stays).
 */
export const timestampEvidenceJob = defineJob({
  queue: "timestamp-evidence",
  concurrency: 4,
  async handler({ inspectionId, kind }) {
    await stampRecord(inspectionId, kind);
  },
});
