import type { EventType } from "../webhooks/payloads";

/** Each event type's name for people; the type itself stays beside it in code font. */
export const eventTypeLabel = {
  "inspection.recording_completed": "Walkthrough recorded",
  "inspection.completed": "Report ready",
  "inspection.failed": "Report could not be produced",
  "reservation.created": "Stay created",
  "reservation.updated": "Stay changed",
  "workspace.roster_applied": "Roster applied",
  "workspace.claimed": "Workspace claimed",
  "webhook.test": "Test event",
} as const satisfies Record<EventType, string>;

export const eventTypes: readonly EventType[] = Object.keys(eventTypeLabel) as EventType[];
