import { z } from "zod";
import { activateRoster } from "../roster/activate-roster";
import { defineJob } from "./definition";

export const activateRosterJob = defineJob({
  name: "activate-roster",
  payload: z.object({ workspaceId: z.uuid() }),
  concurrency: 2,
  timeoutSeconds: 60,
  retryLimit: 5,
  handler: ({ workspaceId }) => activateRoster(workspaceId),
});
