import "server-only";
import { z } from "zod";
import { type FailReason, failReasons } from "../inspections/failure-reasons";
import { checklistBlock } from "../inspections/schemas";
import { workspaceRecord } from "../workspaces/schemas";

/*
 * The event payloads (spec, Webhook payloads). These zod schemas build the bodies
 * (lib/webhooks/build-event-body.ts parses every body with them before it is stored) and the
 * OpenAPI document's `webhooks` section, so the two cannot drift.
 */

const envelope = {
  version: z.literal(1).meta({ description: "The payload version (spec, Versioning); currently 1." }),
  event_id: z
    .uuid()
    .meta({ description: "Also the `webhook-id` header: identical on every retry and replay. Deduplicate on it." }),
  workspace_id: z.string().meta({ description: "Your workspace id." }),
  task_id: z.string().meta({ description: "Your task id." }),
  property_id: z.string().meta({ description: "Your property id." }),
  inspection_id: z.uuid(),
};

const mediaExpiresIn = z.int().meta({
  description:
    "Seconds the checklist's `image_url`s stay valid from when the event was queued (900). After a retry, read the status for fresh links.",
});

export const recordingCompletedEvent = z
  .object({
    ...envelope,
    event_type: z.literal("inspection.recording_completed"),
    recorded_at: z.iso.datetime().meta({ description: "When recording began." }),
    media_expires_in: mediaExpiresIn.optional().meta({ description: "Accompanies `checklist`." }),
    checklist: checklistBlock.optional().meta({
      description:
        "Omitted when the home has no checklist. Normally `complete`: the event waits up to 2 minutes after the seal for every result; an item still landing goes out `pending` with `status: in_progress`.",
    }),
  })
  .meta({ id: "RecordingCompletedEvent" });

export const deliveryBlock = z
  .object({
    sent: z.boolean().meta({ description: "Whether the report went to the property manager's team." }),
    reason: z.enum(["findings", "missed_checklist_steps", "below_threshold", "clean"]),
  })
  .meta({ id: "ReportDelivery" });

export const completedEvent = z
  .object({
    ...envelope,
    event_type: z.literal("inspection.completed"),
    report_url: z.string().meta({ description: "The report page (a sign-in to a seat in the workspace)." }),
    video_url: z.string().meta({
      description:
        "The video endpoint's address (not a download link; never expires): call it with your key and this event's `workspace_id`.",
    }),
    completed_at: z.iso.datetime().meta({ description: "When the report was released; order inspection events by it." }),
    report: z.object({ status: z.literal("ready"), report_url: z.string() }),
    media_expires_in: mediaExpiresIn.optional().meta({ description: "Accompanies `checklist`." }),
    checklist: checklistBlock.optional().meta({ description: "The final results; omitted when the home has no checklist." }),
    delivery: deliveryBlock,
  })
  .meta({ id: "CompletedEvent" });

/** What each `reason` means, for the OpenAPI document; every one of `failReasons` has its line (tests/unit/webhook-payloads.test.ts). */
const failReasonMeanings: Record<FailReason, string> = {
  recording_unprocessable: "the upload could not be made into a video",
  seal_failed: "the recording was uploaded but sealing it into a video kept failing, and the service gave up",
  abandoned: "a recording link was opened but the walkthrough was never finished within `RECORDING_ABANDON_DAYS`",
  recording_unusable: "staff: the video cannot be judged (too dark, too short, the wrong rooms)",
  wrong_property: "staff: the walkthrough is of another home",
  duplicate: "staff: another walkthrough of the same task stands",
  other: "staff: any other reason",
  review_expired:
    "retired (no longer written): the report was not ready within 2 days of the seal; events recorded before the change may still carry it",
};

export const failedEvent = z
  .object({
    ...envelope,
    event_type: z.literal("inspection.failed"),
    completed_at: z.iso.datetime().meta({ description: "When the inspection ended failed." }),
    reason: z.enum(failReasons).meta({
      description: `${failReasons.map((reason) => `\`${reason}\`: ${failReasonMeanings[reason]}`).join("; ")}. New values may be added: treat an unknown one like \`other\`.`,
    }),
    delivery: deliveryBlock,
  })
  .meta({ id: "FailedEvent" });

export const testEvent = z
  .object({
    version: z.literal(1),
    event_id: z.uuid(),
    event_type: z.literal("webhook.test"),
    sent_at: z.iso.datetime(),
  })
  .meta({
    id: "TestEvent",
    description: "Sent on request to check a receiver. Like every unknown type, answer it 2xx and ignore it.",
  });

/*
 * The reservations track (spec, Events): `reservation.*` from the connectors' calendars. A stay
 * at a home that is switched off (left the roster or lost `billing_active`) goes as the stub:
 * `reservation` without `property_id`, `check_in` and `check_out`, and `changes` with only `status`.
 */
const datePair = z.object({ old: z.iso.date(), new: z.iso.date() });

export const reservationRecord = z
  .object({
    reservation_id: z.uuid(),
    workspace_id: z.string().meta({ description: "Your workspace id." }),
    property_id: z.string().optional().meta({ description: "Your property id; omitted in the stub (the home is switched off)." }),
    status: z.enum(["confirmed", "cancelled"]),
    revision: z
      .int()
      .min(1)
      .meta({ description: "Goes up by one with every change: order a stay's events by it and keep the highest." }),
    version: z.literal(1).meta({ description: "The reservation record's shape version; currently 1." }),
    check_in: z.iso.date().optional().meta({ description: "The first night, as the calendar gives it; omitted in the stub." }),
    check_out: z.iso.date().optional().meta({ description: "The day the guest leaves (the cleaning day); omitted in the stub." }),
  })
  .meta({ id: "Reservation" });

const reservationEnvelope = {
  version: z.literal(1).meta({ description: "The payload version; currently 1." }),
  event_id: z.uuid().meta({ description: "Also the `webhook-id` header. Deduplicate on it." }),
  occurred_at: z.iso.datetime().meta({ description: "When the service saw the change (the calendar poll)." }),
  workspace_id: z.string().meta({ description: "Your workspace id." }),
  reservation: reservationRecord,
};

export const reservationCreatedEvent = z
  .object({ ...reservationEnvelope, event_type: z.literal("reservation.created") })
  .meta({ id: "ReservationCreatedEvent" });

export const reservationUpdatedEvent = z
  .object({
    ...reservationEnvelope,
    event_type: z.literal("reservation.updated"),
    changes: z
      .object({
        status: z.object({ old: z.enum(["confirmed", "cancelled"]), new: z.enum(["confirmed", "cancelled"]) }).optional(),
        check_in: datePair.optional(),
        check_out: datePair.optional(),
      })
      .meta({
        description:
          "Each field that changed, as its old and new value; only `status` in the stub. A stay gone from the calendar reads `cancelled`.",
      }),
  })
  .meta({ id: "ReservationUpdatedEvent" });

/* The reservations track's `workspace.*` events: the Workspace record as `GET /v1/workspaces/{workspace_id}` reads it just after the change. */
const workspaceEnvelope = {
  version: z.literal(1).meta({ description: "The payload version; currently 1." }),
  event_id: z.uuid().meta({ description: "Also the `webhook-id` header. Deduplicate on it." }),
  occurred_at: z.iso.datetime().meta({ description: "When the change was made." }),
  workspace_id: z.string().meta({ description: "Your workspace id." }),
  workspace: workspaceRecord,
};

export const workspaceRosterAppliedEvent = z
  .object({
    ...workspaceEnvelope,
    event_type: z.literal("workspace.roster_applied"),
    import_id: z.uuid().meta({ description: "The run that was applied (push or pull)." }),
  })
  .meta({ id: "WorkspaceRosterAppliedEvent" });

export const workspaceClaimedEvent = z
  .object({ ...workspaceEnvelope, event_type: z.literal("workspace.claimed") })
  .meta({ id: "WorkspaceClaimedEvent" });

export const eventSchemas = {
  "inspection.recording_completed": recordingCompletedEvent,
  "inspection.completed": completedEvent,
  "inspection.failed": failedEvent,
  "reservation.created": reservationCreatedEvent,
  "reservation.updated": reservationUpdatedEvent,
  "workspace.roster_applied": workspaceRosterAppliedEvent,
  "workspace.claimed": workspaceClaimedEvent,
  "webhook.test": testEvent,
} as const;

export type EventType = keyof typeof eventSchemas;
export type InspectionEventType = Extract<EventType, `inspection.${string}`>;
export type ReservationEventType = Extract<EventType, `reservation.${string}`>;
export type WorkspaceEventType = Extract<EventType, `workspace.${string}`>;
