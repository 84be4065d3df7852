import "server-only";
import { z } from "zod";
import { workspaceQuery } from "../roster/schemas";
import { maxTaskTextLength } from "../recording/schemas";
import { requiredText } from "../validation/text";

export const inspectionStatusQuery = workspaceQuery.extend({
  task_id: requiredText(maxTaskTextLength).meta({
    description: `The caller's task id, as sent to \`GET /v1/recording-link\` (at most ${maxTaskTextLength} characters).`,
  }),
});

export const inspectionPathParams = z.object({
  inspection_id: z.string().meta({ description: "Our inspection id (a uuid), from the status read or an event." }),
});

const itemState = z.enum(["verified", "missed", "explained", "not_checked", "pending"]);

export const checklistBlock = z
  .object({
    status: z.enum(["in_progress", "complete"]).meta({
      description:
        "`in_progress` until the recording has finished processing and every item is final, then `complete`. No timeout.",
    }),
    counts: z
      .object({ verified: z.int(), missed: z.int(), explained: z.int(), not_checked: z.int(), pending: z.int() })
      .meta({ description: "Always names all five states." }),
    items: z
      .array(
        z.object({
          id: z.uuid().optional().meta({
            description: "The checklist item id; omitted for an item that no longer matches an entry of the home's current list.",
          }),
          name: z.string(),
          state: itemState.meta({
            description:
              "`not_checked` is not a result about the cleaner's work: never count it as missed. `pending`: show as 'checking'.",
          }),
          reason: z.string().optional().meta({ description: "On `explained` only: the cleaner's words." }),
          timestamp: z.number().optional().meta({ description: "Seconds from the start of the video of the cleaner's tap." }),
          image_url: z.string().optional().meta({
            description: "Signed still, valid `media_expires_in` seconds from the answer; present whenever the picture exists.",
          }),
        }),
      )
      .meta({ description: "The items the cleaner worked through, in that order." }),
  })
  .meta({ id: "ChecklistResult" });

const mediaExpiresIn = z.int().meta({ description: "Seconds the signed links of the answer stay valid (900)." });

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
        report_url: z
          .string()
          .optional()
          .meta({ description: "When `ready`: the report page (a sign-in to a seat in the workspace)." }),
      })
      .optional()
      .meta({ description: "On `processing` and `completed`; omitted on `pending`, `recording` and `failed`." }),
    report_url: z.string().optional().meta({ description: "On `completed` only (kept for older integrations)." }),
    completed_at: z.iso.datetime().optional().meta({ description: "On `completed` only." }),
    media_expires_in: mediaExpiresIn
      .optional()
      .meta({ description: "Accompanies `checklist`: seconds its `image_url`s stay valid (900)." }),
    evidence: z
      .object({
        reuse_suspected: z.boolean().meta({
          description:
            "True when this walkthrough's video repeats another walkthrough's of your homes in the last 90 days " +
            "(frames compared by perceptual hash): a replayed old video. The recording record names which.",
        }),
      })
      .optional()
      .meta({ description: "From the seal on (`processing`, `completed`, or `failed` after the seal)." }),
    checklist: checklistBlock
      .optional()
      .meta({ description: "As soon as the walkthrough has results, on any status; omitted when the home has no checklist." }),
  })
  .meta({ id: "InspectionStatus" });

export const mediaReference = z.object({
  url: z.string().meta({ description: "Signed; fetch with a plain GET, no auth header, within `media_expires_in`." }),
});

export const findingRecord = z
  .object({
    id: z.uuid().meta({ description: "Stable: use it to deduplicate." }),
    description: z.string().meta({ description: "One sentence for a work order." }),
    room: z.string(),
    severity: z.enum(["MINOR", "MODERATE", "MAJOR"]),
    category: z.enum(["damage", "cleaning", "lost_item"]),
    evidence: z.object({ before: z.array(mediaReference), after: z.array(mediaReference) }).meta({
      description:
        "Both always present, either may be `[]`: `after` is the state found, `before` the same area earlier (empty on a first inspection or without baseline).",
    }),
    video_timestamp_seconds: z.number().optional().meta({ description: "Video-sourced findings only." }),
  })
  .meta({ id: "Finding" });

export const findingsRecord = z
  .object({
    inspection_id: z.uuid(),
    report_url: z.string(),
    media_expires_in: mediaExpiresIn,
    checklist: checklistBlock.optional().meta({ description: "Omitted when the home has no checklist." }),
    findings: z
      .array(findingRecord)
      .meta({ description: "Every finding (at most 5,000); the order is stable and carries no meaning." }),
  })
  .meta({ id: "InspectionFindings" });

export const videoRecord = z
  .object({
    inspection_id: z.uuid(),
    download_url: z.string().meta({ description: "Signed; fetch with a plain GET, no auth header; answers byte ranges." }),
    expires_at: z.iso.datetime().meta({ description: "When `download_url` stops working." }),
    media_expires_in: mediaExpiresIn,
    content_type: z.string().optional().meta({ description: "Almost always `video/mp4`." }),
    duration_seconds: z.number().optional(),
    size_bytes: z.int().optional(),
    recorded_at: z.iso.datetime().optional(),
  })
  .meta({ id: "Video" });
