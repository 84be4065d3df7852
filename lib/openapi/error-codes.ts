import { z } from "zod";
import { type DocumentedErrorCode, documentedErrorStatus } from "../errors/error-codes";
import { type AnyOperation, commonErrors } from "../http/operation";

/**
 * What each code means to a partner (spec, Errors). A `Record` over every code, so a code
 * added to the documented table in lib/errors/error-codes.ts does not compile until it is documented here.
 */
export const errorMeaning: Record<DocumentedErrorCode, string> = {
  missing_parameter: "A required parameter, field or header is absent or blank; `detail.parameter` names it.",
  invalid_request:
    "Unusable body or field: malformed JSON, not an object, wrong type, too long, unknown field, not the caller's to set, " +
    "or a path segment that is not validly percent-encoded. `detail.parameter` names the field.",
  invalid_email: "The address on a workspace claim cannot be sent to.",
  invalid_key: "Authorization header missing, malformed, or an unknown key. A configuration bug on the caller's side.",
  key_revoked: "The key was valid and was turned off. Use the partner's other active key.",
  partner_disabled: "The integration is paused or not registered. Rotating the key does not fix this.",
  connector_not_enabled: "The connector is not enabled for the account; `next_steps` carries `book_a_call_url` and `catalog_url`.",
  sandbox_only:
    "A simulated walkthrough was asked for in a live workspace: they run only in sandbox workspaces, provisioned with a sandbox key.",
  workspace_kind_conflict:
    "The `workspace_id` already names a workspace of the other kind (live or sandbox) than the key's; choose another id.",
  not_found: "No such resource in that workspace (also another workspace's resource).",
  workspace_not_provisioned: "The workspace id is not provisioned for the partner (another partner's workspace answers the same).",
  task_not_found: "No recording link was issued for that `task_id` in that workspace.",
  property_not_found: "The `property_id` is not in the workspace's roster (also another workspace's).",
  video_not_available: "No video exists for the inspection (photo inspection, or unprocessable recording); rarely changes.",
  report_not_available:
    "The inspection ended `failed`, so no report will come; do not poll. `detail.reason` is its failure reason " +
    "(the `reason` of `inspection.failed`).",
  method_not_allowed: "The path exists but not with that method; `detail.allowed_methods` and `Allow` list the methods.",
  claim_requires_admin: "The key did not create the workspace or it already has people; the owner must be nominated by the service.",
  workspace_already_claimed: "The workspace already has an owner.",
  report_not_ready: "The inspection has no released report yet, and one can still come; not permanent.",
  video_not_ready: "The video is not recorded, still processing, or being re-recorded; not permanent.",
  roster_required: "No roster has been confirmed for the workspace yet.",
  property_inactive: "The property was omitted from the most recent roster snapshot.",
  property_not_activated: "The property is in the roster but not switched on.",
  workspace_not_enabled: "The account exists but is not switched on.",
  task_property_conflict: "The `task_id` already has a link for a different property.",
  idempotency_conflict: "The `Idempotency-Key` was already used for a different roster.",
  roster_revision_conflict: "The import was built on a roster revision that is no longer current.",
  roster_empty_not_allowed: "The import carries no properties and `allow_empty` was not `true`.",
  roster_confirmation_required: "The import would deactivate more than half of the present properties; `detail` holds the count.",
  roster_duplicate_property: "A `property_id` is repeated in a pulled feed.",
  pull_not_configured: "The workspace pushes its roster; there is no feed to poll.",
  tour_import_in_progress:
    "A tour is importing for the home (refusing a different tour, or any photo batch); `detail.importing` names the " +
    "running tour and `detail.import_id` its import.",
  baseline_import_in_progress:
    "A photo import is running for the home (refusing another batch, or a new tour); `detail.import_id` names it " +
    "when it is the partner's.",
  payload_too_large: "The body is above this endpoint's cap; `detail.limit_bytes` gives the cap.",
  too_many_requests: "Too many requests in a short window; back off for `Retry-After` seconds and retry.",
  internal_error: "A failure on the service side; the request was not processed and retrying is safe.",
  service_unavailable: "A dependency is failing (including key verification); retrying is safe. Never rotate a key for this.",
  recording_not_open: "Recording app only: the walkthrough has not been opened yet (call `open` first).",
  recording_closed: "Recording app only: the cleaner tapped Done; the walkthrough takes no more parts or taps.",
  recording_incomplete: "Recording app only: Done named parts or taps the service does not hold; `detail` lists them.",
  part_conflict: "Recording app only: that part number is stored with other bytes.",
  part_checksum_mismatch: "Recording app only: the body does not hash to `X-Part-SHA256`; nothing was stored.",
  unsupported_media: "Recording app only: the first part of a run is not an MP4 or WebM recording.",
  item_not_missed: "Recording app only: only an item whose result is `missed` can be explained.",
  item_decided_by_staff: "Recording app only: staff decided the item in review; a cleaner's explanation never replaces that.",
  explanations_closed: "Recording app only: the report was released (or the walkthrough failed); its results can no longer be explained.",
  tap_still_limit: "Recording app only: the check's still was judged twice already; a re-film (a new check) is judged again.",
  live_check_limit: "Recording app only: the walkthrough's live checks are used up (`detail.limit` calls); the sealed video is still analysed.",
  insufficient_storage: "Demo tier only: the demo's videos fill the storage set aside for them; retry after `Retry-After` seconds.",
};

const tableOrder = Object.keys(documentedErrorStatus) as DocumentedErrorCode[];

/** Whether an object schema has a key that cannot be left out. */
function hasRequiredKey(schema: z.ZodType): boolean {
  if (!(schema instanceof z.ZodObject)) return true;
  return Object.values(schema.shape as Record<string, z.ZodType>).some((field) => !field.safeParse(undefined).success);
}

/**
 * Codes the shared wrapper (lib/http/route-handlers.ts) answers because of the operation's
 * shape, whether or not the operation lists them: parsing its inputs, and capping its body.
 */
function codesFromShape(operation: AnyOperation): DocumentedErrorCode[] {
  const inputs = [operation.params, operation.query, operation.headers].filter(Boolean) as z.ZodType[];
  const codes: DocumentedErrorCode[] = [];
  if (operation.body) codes.push("missing_parameter", "invalid_request", "payload_too_large");
  else if (inputs.length > 0) {
    codes.push("invalid_request");
    if (inputs.some(hasRequiredKey)) codes.push("missing_parameter");
  }
  return codes;
}

/** Every code one operation can answer, in the order of the code table. */
export function operationErrorCodes(operation: AnyOperation): DocumentedErrorCode[] {
  const codes = new Set<DocumentedErrorCode>([...operation.errors, ...commonErrors, ...codesFromShape(operation)]);
  return tableOrder.filter((code) => codes.has(code));
}
