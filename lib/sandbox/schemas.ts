import "server-only";
import { z } from "zod";
import { maxTaskTextLength } from "../recording/schemas";
import { workspaceQuery } from "../roster/schemas";
import { optionalParameter, requiredText } from "../validation/text";
import { defaultSandboxOutcome, sandboxOutcomes } from "./sandbox-outcome";

export const sandboxWalkthroughQuery = workspaceQuery.extend({
  property_id: requiredText(200).meta({
    description: "The caller's property id, as in the sandbox workspace's roster; must be present and activated.",
  }),
  task_id: requiredText(maxTaskTextLength).meta({
    description: `The caller's task id, as for a recording link; the same task answers the same inspection. At most ${maxTaskTextLength} characters.`,
  }),
  outcome: optionalParameter(z.enum(sandboxOutcomes))
    .transform((value) => value ?? defaultSandboxOutcome)
    .meta({
      description:
        "What the sandbox analysis finds: `clean` (every item verified, no findings), `findings` (the default: every " +
        "item verified and two findings) or `missed` (every item missed, no findings).",
    }),
});

export const sandboxWalkthroughRecord = z
  .object({
    inspection_id: z.uuid().meta({ description: "The simulated walkthrough's inspection: read it as any other." }),
  })
  .meta({ id: "SandboxWalkthrough" });
