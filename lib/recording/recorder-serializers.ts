import "server-only";
import type { RecorderSession } from "./read-recorder-session";
import type { RecorderStateAnswer } from "./read-recorder-state";
import { config } from "../config";
import { recordingLimits } from "./recorder-state";

/** The session as the recording app reads it (snake_case on the wire, the omit rule applied by the wrapper). */
export function serializeRecorderSession(session: RecorderSession) {
  return {
    inspection_id: session.inspectionId,
    state: session.state,
    property: { name: session.propertyName },
    task: { name: session.taskName, scheduled_date: session.scheduledDate },
    partner: { name: session.partnerName },
    checklist: session.checklist.map((section) => ({
      type: section.type,
      items: section.items.map((item) => ({ id: item.id, name: item.name, notes: item.notes })),
    })),
    has_return_url: session.hasReturnUrl,
    // With a provider, each check's still is judged while the cleaner walks (GET /live).
    live_verdicts: config().ANALYSIS_API_URL !== undefined,
    parts: session.parts.map((part) => ({ part_number: part.partNumber, run: part.run, size: part.size, sha256: part.sha256 })),
    events_seq: session.eventsSeq,
    results: session.results.map((result) => ({
      item_id: result.itemId,
      name: result.name,
      state: result.state,
      reason: result.reason,
      timestamp: result.timestampSeconds,
      image_url: result.imageUrl,
      explainable: result.explainable,
    })),
    limits: { part_bytes: recordingLimits.partBytes, recording_bytes: recordingLimits.recordingBytes },
  };
}

export function serializeRecorderState(answer: RecorderStateAnswer) {
  return { state: answer.state, inspection_id: answer.inspectionId, return_url: answer.returnUrl };
}
