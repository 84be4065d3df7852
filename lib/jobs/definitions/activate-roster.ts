import "server-only";
import { activateRoster } from "../../roster/activate-roster";
import { defineJob } from "../definition";

export const activateRosterJob = defineJob({
  queue: "activate-roster",
  concurrency: 2,
  // Overlap: each attempt is one transaction under the workspace's row lock that converges on the
  // current roster, so a second attempt (or a later activation of the same workspace) waits for
  // the first and then finds nothing left to switch; no lease needed.
  handler: ({ workspaceId }) => activateRoster(workspaceId),
});
