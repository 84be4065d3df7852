/** Reasons staff may give for failing an inspection; the service's own are recording_unprocessable, seal_failed and review_expired. */
export const staffFailReasons = ["recording_unusable", "wrong_property", "duplicate", "other"] as const;
export type StaffFailReason = (typeof staffFailReasons)[number];
