import "server-only";
import { z } from "zod";

export const rosterSyncAccepted = z
  .object({
    sync_id: z.uuid().meta({ description: "The pull this answer is about: the new one, or the one already in progress." }),
    workspace_id: z.string(),
    status: z.enum(["queued", "in_progress"]).meta({
      description:
        "`queued`: a new pull was started. `in_progress`: a pull (manual or scheduled) was already queued or running; " +
        "`sync_id` names it and no new one was started.",
    }),
  })
  .meta({ id: "RosterSyncAccepted" });
