/**
 * The codes the API documents (OpenAPI, llms.txt), and their statuses: the partner API's are the
 * spec's (Errors), then the recording app's and the demo tier's.
 */
export const documentedErrorStatus = {
  missing_parameter: 400,
  invalid_request: 400,
  invalid_email: 400,
  invalid_key: 401,
  key_revoked: 403,
  partner_disabled: 403,
  connector_not_enabled: 403,
  sandbox_only: 403,
  not_found: 404,
  workspace_not_provisioned: 404,
  task_not_found: 404,
  property_not_found: 404,
  video_not_available: 404,
  report_not_available: 404,
  method_not_allowed: 405,
  claim_requires_admin: 409,
  workspace_already_claimed: 409,
  report_not_ready: 409,
  video_not_ready: 409,
  roster_required: 409,
  property_inactive: 409,
  property_not_activated: 409,
  workspace_not_enabled: 409,
  task_property_conflict: 409,
  idempotency_conflict: 409,
  roster_revision_conflict: 409,
  roster_empty_not_allowed: 409,
  roster_confirmation_required: 409,
  roster_duplicate_property: 409,
  pull_not_configured: 409,
  tour_import_in_progress: 409,
  baseline_import_in_progress: 409,
  workspace_kind_conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
  // The recording app's own API (lib/recording/README.md), never answered to a partner.
  recording_not_open: 409,
  recording_closed: 409,
  recording_incomplete: 409,
  part_conflict: 409,
  part_checksum_mismatch: 400,
  unsupported_media: 415,
  item_not_missed: 409,
  item_decided_by_staff: 409,
  explanations_closed: 409,
  tap_still_limit: 409,
  live_check_limit: 409,
  // The demo tier's video uploads (lib/demo), never answered to a partner.
  insufficient_storage: 507,
} as const;

/** The signed-in pages' codes (property managers, both consoles) and the CLI's: never answered to a partner. */
export const pageErrorStatus = {
  invalid_body: 400,
  invalid_choice: 400,
  invalid_role: 400,
  invalid_severity: 400,
  no_photos: 400,
  too_many_photos: 400,
  signed_out: 401,
  forbidden: 403,
  owner_only: 403,
  viewer_read_only: 403,
  not_on_list: 404,
  already_invited: 409,
  // A console user removing themself would lock the partner's last engineer out by a slip.
  cannot_remove_self: 409,
  already_seated: 409,
  findings_final: 409,
  // Another reviewer holds the walkthrough (lib/review/review-holds.ts).
  held_by_other: 409,
  key_limit: 409,
  no_receiver: 409,
  not_running: 409,
  owner_seat: 409,
  import_in_progress: 409,
  too_large: 413,
} as const;

/** Every code any surface answers with, and its status: the one table. */
export const errorStatus = { ...documentedErrorStatus, ...pageErrorStatus } as const;

export type DocumentedErrorCode = keyof typeof documentedErrorStatus;
export type ErrorCode = keyof typeof errorStatus;

export const defaultMessage: Partial<Record<ErrorCode, string>> = {
  invalid_key: "The Authorization header is missing, malformed, or names an unknown key.",
  key_revoked: "This key was revoked. Use the partner's other active key.",
  partner_disabled: "The integration is paused or not registered. Rotating the key will not fix this.",
  not_found: "No such resource.",
  workspace_not_provisioned: "No workspace with this workspace_id is provisioned for the partner.",
  sandbox_only: "Simulated walkthroughs run only in sandbox workspaces (provisioned with a sandbox key).",
  workspace_kind_conflict:
    "This workspace_id belongs to a workspace of the other kind (live or sandbox) than the key's. Use another workspace_id.",
  method_not_allowed: "This path does not accept that method.",
  payload_too_large: "The request body is larger than this endpoint accepts.",
  too_many_requests: "Too many requests in a short window. Back off and retry after Retry-After seconds.",
  internal_error: "Something failed on our side. The request was not processed; retrying is safe.",
  service_unavailable: "A dependency is failing. Retrying is safe.",
};
