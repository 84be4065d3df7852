import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { readChecklistBlock, serializeChecklistBlock } from "../inspections/checklist-block";
import { deliveryOf, failedDeliveryOf } from "../inspections/delivery";
import { reportUrl } from "../inspections/serializers";
import { defaultSignedUrlSeconds } from "../media/storage";
import { omitEmpty } from "../http/omit";
import { eventSchemas, type InspectionEventType } from "./payloads";

/** The video endpoint's address (spec: `video_url`, not a download link; it never expires). */
export function videoUrl(inspectionId: string): string {
  return `${config().APP_URL}/v1/inspections/${inspectionId}/video`;
}

/**
 * The exact JSON of an inspection event (spec, Webhook payloads), from the inspection as it is
 * now, checked against its schema. Image links are signed now: 15 minutes from the queueing.
 */
export async function buildInspectionEventBody(event: {
  id: string;
  eventType: InspectionEventType;
  inspectionId: string;
}): Promise<string> {
  const inspection = await db().inspection.findUniqueOrThrow({
    where: { id: event.inspectionId },
    include: {
      task: { select: { externalId: true } },
      workspace: { select: { externalId: true } },
      property: { select: { externalId: true } },
      video: { select: { recordedAt: true } },
    },
  });
  const envelope = {
    version: 1,
    event_id: event.id,
    event_type: event.eventType,
    workspace_id: inspection.workspace.externalId,
    task_id: inspection.task.externalId,
    property_id: inspection.property.externalId,
    inspection_id: inspection.id,
  };
  const block = event.eventType === "inspection.failed" ? undefined : await readChecklistBlock(inspection);
  const checklist = block && { media_expires_in: defaultSignedUrlSeconds, checklist: serializeChecklistBlock(block) };
  let payload: Record<string, unknown>;
  if (event.eventType === "inspection.recording_completed") {
    payload = {
      ...envelope,
      recorded_at: (inspection.video?.recordedAt ?? inspection.sealedAt ?? inspection.openedAt).toISOString(),
      ...checklist,
    };
  } else if (event.eventType === "inspection.completed") {
    const report = reportUrl(inspection.id);
    payload = {
      ...envelope,
      report_url: report,
      video_url: videoUrl(inspection.id),
      completed_at: (inspection.completedAt ?? new Date()).toISOString(),
      report: { status: "ready", report_url: report },
      ...checklist,
      delivery: await deliveryOf(inspection.id),
    };
  } else {
    payload = {
      ...envelope,
      completed_at: (inspection.failedAt ?? new Date()).toISOString(),
      reason: inspection.failureReason ?? "other",
      delivery: await failedDeliveryOf(inspection.id),
    };
  }
  return JSON.stringify(eventSchemas[event.eventType].parse(omitEmpty(payload)));
}
