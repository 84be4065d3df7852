import "server-only";
import { addStaffFinding } from "../../review/add-finding";
import { defineJob } from "../definition";

/** A finding staff added in the admin console, made where ffmpeg and the image tools run. */
export const addStaffFindingJob = defineJob({
  queue: "add-staff-finding",
  concurrency: 2,
  async handler({ inspectionId, findingId, ...finding }) {
    await addStaffFinding(inspectionId, finding, findingId);
  },
});
