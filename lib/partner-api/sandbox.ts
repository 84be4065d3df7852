import "server-only";
import { defineOperation } from "../http/operation";
import { sandboxWalkthroughQuery, sandboxWalkthroughRecord } from "../sandbox/schemas";
import { startSandboxWalkthrough } from "../sandbox/start-walkthrough";

export const createSandboxWalkthrough = defineOperation({
  method: "POST",
  auth: "partnerKey",
  path: "/v1/sandbox/walkthroughs",
  operationId: "createSandboxWalkthrough",
  tag: "Sandbox",
  summary: "Run a simulated walkthrough in a sandbox workspace",
  description:
    "Runs a walkthrough without a cleaner, through the real pipeline: the task's recording link is issued, a short " +
    "recording shipped with the service is uploaded in parts and sealed as a phone would, every checklist item is " +
    "checked off, a deterministic sandbox analysis chosen by `outcome` gives the results and findings, and the report " +
    "is released. Your receiver gets the signed `inspection.recording_completed` and `inspection.completed` events, " +
    "and the status, findings and video reads answer as for a real walkthrough (usually within a minute). Answers " +
    "`202` with the `inspection_id` at once. The same `task_id` again answers the same inspection.\n\n" +
    "Only with a sandbox key in a sandbox workspace: a live key naming a live workspace is refused " +
    "`403 sandbox_only`; a workspace of the other kind than the key's answers `404 workspace_not_provisioned`. " +
    "Then the recording link's refusals, in its order: `403 partner_disabled`, `409 roster_required`, " +
    "`404 property_not_found`, `409 property_inactive`, `409 property_not_activated`, `409 workspace_not_enabled`, " +
    "`409 task_property_conflict`. Sandbox walkthroughs are never reviewed by staff, mailed to a manager " +
    "(`delivery.sent` is false) or counted in usage.",
  query: sandboxWalkthroughQuery,
  partnerCheck: "in-handler",
  responses: { 202: { description: "Started; the walkthrough runs in the background", schema: sandboxWalkthroughRecord } },
  errors: [
    "missing_parameter",
    "invalid_request",
    "workspace_not_provisioned",
    "sandbox_only",
    "roster_required",
    "property_not_found",
    "property_inactive",
    "property_not_activated",
    "workspace_not_enabled",
    "task_property_conflict",
  ],
  async handler({ caller, query }) {
    const { inspectionId } = await startSandboxWalkthrough(caller, {
      workspaceId: query.workspace_id,
      propertyId: query.property_id,
      taskId: query.task_id,
      outcome: query.outcome,
    });
    return { status: 202, body: { inspection_id: inspectionId } };
  },
});
