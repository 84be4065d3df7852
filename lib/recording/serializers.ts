import "server-only";
import { config } from "../config";
import type { RecordingLink } from "./get-recording-link";
import { recordingUrl } from "./recording-token";

export function serializeRecordingLink(link: RecordingLink) {
  return {
    recording_url: recordingUrl(config().APP_URL, link.token),
    task_id: link.taskId,
    property_id: link.propertyId,
    external_property_id: link.externalPropertyId,
    roster_revision: link.rosterRevision,
    return_url: link.returnUrl,
  };
}
