import "server-only";
import { z } from "zod";
import { maxPhotoUrlLength } from "../fetch/photo-url";
import { findingRecord } from "../inspections/schemas";
import { withoutControls } from "../validation/control-characters";
import { optionalText, requiredText } from "../validation/text";

export const maxDemoPhotos = 10;

const acceptTerms = z
  .boolean()
  .refine((value) => value, { message: "must be true: the terms at /demo/terms are accepted with every submission" })
  .meta({ description: "Must be `true`; the terms version accepted and the time are recorded." });

export const demoEmail = requiredText(254).meta({
  description: "Where the confirmation and the result notice go. Nothing runs until the address is confirmed.",
});

export const demoPhotosBody = z
  .strictObject({
    email: demoEmail,
    accept_terms: acceptTerms,
    photos: z
      .array(
        z.strictObject({
          url: requiredText(maxPhotoUrlLength).meta({
            description:
              "Fetched under the baseline-photo rules: https, public addresses, up to 3 redirects, 15 MB, 20 seconds, JPEG, PNG or WebP.",
          }),
        }),
      )
      .min(1)
      .max(maxDemoPhotos)
      .meta({ description: `1 to ${maxDemoPhotos} photos of one home.` }),
  })
  .meta({ id: "DemoInspectionRequest" });

export const demoConfirmationBody = z
  .strictObject({
    token: requiredText(200).meta({ description: "The token of the confirmation link mailed to the submission's address." }),
  })
  .meta({ id: "DemoConfirmation" });

/**
 * Anonymous text that staff read in a terminal (`admin demo access-requests`): control characters
 * are dropped before the field's own checks, so text of nothing but controls is blank. A message
 * keeps its line breaks and tabs.
 */
const cleaned = <T extends z.ZodType<unknown, string>>(inner: T, multiline = false) =>
  z
    .string()
    .overwrite((text) => withoutControls(text, { multiline }))
    .pipe(inner);

export const demoAccessRequestBody = z
  .strictObject({
    email: requiredText(254).meta({ description: "Whom to reply to: the person asking, or you on their behalf." }),
    name: cleaned(requiredText(200)),
    company: cleaned(optionalText(200)).optional(),
    on_behalf_of: cleaned(optionalText(200))
      .optional()
      .meta({ description: "The person or company the request is made for, when an agent or a colleague asks." }),
    message: cleaned(optionalText(2000), true).optional(),
  })
  .meta({ id: "DemoAccessRequest" });

export const demoStatus = z.enum(["awaiting_confirmation", "queued", "analyzing", "completed", "failed", "received"]).meta({
  description:
    "`awaiting_confirmation` until the mailed link is followed; photos then go `queued`, `analyzing`, and end `completed` or `failed`; a video ends `received` (analysis runs only on an account).",
});

export const demoSubmissionRecord = z
  .object({
    request_id: z.uuid(),
    kind: z.enum(["photos", "video"]),
    status: demoStatus,
    submitted_at: z.iso.datetime(),
    confirmed_at: z.iso.datetime().optional(),
    finished_at: z.iso.datetime().optional(),
    expires_at: z.iso.datetime().meta({ description: "When the submission and its media are deleted." }),
    failure_reason: z.enum(["no_usable_photos", "analysis_unavailable", "analysis_failed"]).optional(),
    photos: z
      .array(
        z.object({
          url: z.string(),
          reason: z.string().optional().meta({ description: "Why the photo could not be used: a baseline-photo `reason`." }),
        }),
      )
      .optional()
      .meta({ description: "Photo submissions: each photo as sent, in order." }),
    findings: z.array(findingRecord).optional().meta({
      description:
        "Once `completed`: only findings the analysis is confident of (precision over completeness), in the Partner API's Finding shape; `evidence.after` is the photo.",
    }),
    media_expires_in: z.int().optional().meta({ description: "Seconds the evidence links stay valid, with `findings`." }),
    analysis: z
      .literal("requires_account")
      .optional()
      .meta({ description: "Video submissions: stored, but analysed only on an account." }),
  })
  .meta({ id: "DemoSubmission" });

export const demoAcceptedRecord = z
  .object({
    request_id: z.uuid(),
    poll_token: z
      .string()
      .meta({ description: "Shown once. Send it as `Authorization: Bearer <poll_token>` to read the submission." }),
    status: z.literal("awaiting_confirmation"),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: "DemoAccepted" });
