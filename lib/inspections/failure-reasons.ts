/**
 * Every `reason` an inspection can end `failed` with: the one list that the writers (seal, staff,
 * abandonment) take their values from and that `inspection.failed`'s payload schema enumerates,
 * so a reason the code can write always validates.
 */

/** The service's own: the recording could not become a video, the seal gave up, or the link was never finished. */
export const serviceFailReasons = ["recording_unprocessable", "seal_failed", "abandoned"] as const;

/** Staff's, from the review desk or the CLI. */
export const staffFailReasons = ["recording_unusable", "wrong_property", "duplicate", "other"] as const;

/**
 * Written before 2026-11-26, when a report unreleased after 2 days failed the inspection; no longer
 * written (the 2-day rule only drops `inspection.completed`), but rows and retried events may still carry it.
 */
export const retiredFailReasons = ["review_expired"] as const;

export const failReasons = [...serviceFailReasons, ...staffFailReasons, ...retiredFailReasons] as const;

export type ServiceFailReason = (typeof serviceFailReasons)[number];
export type StaffFailReason = (typeof staffFailReasons)[number];
export type FailReason = (typeof failReasons)[number];
