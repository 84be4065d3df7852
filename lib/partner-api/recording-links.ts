import "server-only";
import { defineOperation } from "../http/operation";
import { getRecordingLink } from "../recording/get-recording-link";
import { recordingLinkQuery, recordingLinkRecord } from "../recording/schemas";
import { serializeRecordingLink } from "../recording/serializers";

export const readRecordingLink = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/recording-link",
  operationId: "getRecordingLink",
  tag: "Recording links and inspections",
  summary: "Get or create the recording link of a task",
  description:
    "Idempotent get-or-create keyed on `task_id`: the same task always answers the same `recording_url`, and " +
    "concurrent calls for a new task make one. A task is bound to one property for its whole life. Never creates " +
    "properties. Give `recording_url` to the cleaner as it is; it is the only credential the recording app needs.\n\n" +
    "`task_name`, `scheduled_date` and `return_url` are stored per task: a call carrying one sets it, a call without " +
    'it leaves the stored value. The answer echoes `return_url` only when the call supplied one (spec: "echoed when ' +
    'one was supplied"); a call without it answers none, and the stored one still applies. `task_id` and ' +
    "`task_name` take up to 1,000 characters each.\n\n" +
    "Refusals, in this order: `400 missing_parameter` naming a missing parameter, and `400 invalid_request` for a " +
    "malformed parameter; a refused `return_url` (`400 invalid_request`, `detail.parameter: return_url`, " +
    "`detail.reason`: `malformed` or `not_allowed`; `503 service_unavailable` when the allowlist cannot be read); then " +
    "1 `404 workspace_not_provisioned`, 2 `403 partner_disabled` (for this endpoint a paused integration is refused " +
    "here, after the workspace check), 3 `409 roster_required`, 4 `404 property_not_found`, 5 `409 property_inactive` " +
    "(not present in the latest snapshot), 6 `409 property_not_activated`, 7 `409 workspace_not_enabled`, " +
    "8 `409 task_property_conflict`.\n\n" +
    "`return_url` is malformed when sent empty (`return_url=`), and unless it is an absolute `scheme://host/path` URL of at most 2,048 characters with no " +
    "spaces, control characters, backslash or `user@` part, whose host holds only letters, digits and `. _ ~ -` and " +
    "whose port, if any, is 1 to 65535 and follows a host. It is allowed when an allowlist entry is its app scheme " +
    "(`myapp://` admits any URL under the scheme) or its exact web origin (scheme, host and port; another host, a " +
    "subdomain or another port does not match).",
  query: recordingLinkQuery,
  partnerCheck: "in-handler",
  // The link's one read of the workspace checks the key's reach (lib/recording/get-recording-link.ts).
  reachCheck: "in-handler",
  responses: { 200: { description: "The task's recording link", schema: recordingLinkRecord } },
  errorDetail: {
    400: {
      reason: {
        type: "string",
        enum: ["not_allowed", "malformed"],
        description:
          "On a refused `return_url` (`detail.parameter: return_url`) only: `not_allowed` (not on the allowlist) or `malformed`.",
      },
    },
  },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "roster_required",
    "property_not_found",
    "property_inactive",
    "property_not_activated",
    "workspace_not_enabled",
    "task_property_conflict",
  ],
  async handler({ caller, query }) {
    const link = await getRecordingLink(caller, {
      workspaceId: query.workspace_id,
      taskId: query.task_id,
      propertyId: query.property_id,
      taskName: query.task_name,
      scheduledDate: query.scheduled_date,
      returnUrl: query.return_url,
    });
    return { status: 200, body: serializeRecordingLink(link) };
  },
});
