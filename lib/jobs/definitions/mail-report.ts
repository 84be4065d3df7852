import "server-only";
import { mailReport } from "../../people/mail-report";
import { defineJob } from "../definition";

/**
 * Mails a released report. Overlap: each person is mailed once (lib/people/mail-report.ts keeps
 * who was), so a retry after a failure part-way mails only those not reached yet.
 */
export const mailReportJob = defineJob({
  queue: "mail-report",
  concurrency: 4,
  async handler({ inspectionId }) {
    await mailReport(inspectionId);
  },
});
