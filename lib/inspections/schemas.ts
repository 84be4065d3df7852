import { z } from "zod";
import { workspaceQuery } from "../roster/schemas";
import { requiredText } from "../validation/text";

export const inspectionStatusQuery = workspaceQuery.extend({
  task_id: requiredText(200).meta({ description: "The caller's task id, as sent to `GET /v1/recording-link`." }),
});

export const inspectionStatusRecord = z
  .object({
    status: z.enum(["pending", "recording", "processing", "completed", "failed"]).meta({
      description:
        "`pending` until the cleaner opens the link, `recording` from then until the walkthrough is sealed, `processing` " +
        "while it is analysed, `completed` once the report is ready, or `failed`. Treat an unrecognized value as in flight.",
    }),
    inspection_id: z.uuid().optional().meta({ description: "From the moment the cleaner opens the recording link." }),
    report: z
      .object({
        status: z.enum(["processing", "ready"]),
        stage: z.enum(["analyzing"]).optional().meta({ description: "While processing: `analyzing`, the only stage." }),
      })
      .optional()
      .meta({ description: "On `processing` and `completed`; omitted on `pending`, `recording` and `failed`." }),
  })
  .meta({ id: "InspectionStatus" });
