import "server-only";
import { defineOperation } from "../http/operation";
import { consumeRateLimit } from "../http/rate-limit";
import { getWorkspace } from "../workspaces/get-workspace";
import { provisionWorkspace } from "../workspaces/provision-workspace";
import { createWorkspaceBody, workspacePathParams, workspaceRecord, workspaceSummary } from "../workspaces/schemas";
import { serializeWorkspace, serializeWorkspaceSummary } from "../workspaces/serializers";

export const createWorkspace = defineOperation({
  method: "POST",
  auth: "partnerKey",
  path: "/v1/workspaces",
  operationId: "createWorkspace",
  tag: "Provisioning",
  summary: "Provision a workspace (create or return)",
  description:
    "Idempotent on the caller's `workspace_id` (trimmed of surrounding whitespace). The first call answers `201`; " +
    "every later call `200` with the same `company_id` and the name currently held (never renamed). " +
    "Concurrent calls resolve to one account. `partner`, `partner_id` and `company_id` are refused. " +
    "Creation is rate limited; repeat calls are not. Lengths count Unicode code points. " +
    "A sandbox key provisions a sandbox workspace (`sandbox: true` on the Workspace record); a `workspace_id` " +
    "already held by a workspace of the other kind answers `409 workspace_kind_conflict`.",
  body: createWorkspaceBody,
  responses: {
    201: { description: "Created", schema: workspaceSummary },
    200: { description: "Already provisioned; returned as held", schema: workspaceSummary },
  },
  errors: ["missing_parameter", "invalid_request", "payload_too_large", "workspace_kind_conflict"],
  async handler({ caller, body }) {
    const { workspace, created } = await provisionWorkspace({
      partnerId: caller.partnerId,
      keyId: caller.keyId,
      sandbox: caller.sandbox,
      workspaceId: body.workspace_id,
      name: body.name,
      beforeCreate: () => consumeRateLimit("workspace_create", caller.partnerId),
    });
    return { status: created ? 201 : 200, body: serializeWorkspaceSummary(workspace) };
  },
});

export const readWorkspace = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/workspaces/{workspace_id}",
  operationId: "getWorkspace",
  tag: "Provisioning",
  summary: "Read a workspace with its roster, sync, service and claim blocks",
  description:
    "`roster.state` is computed when read: `stale` once `observed_at` is older than 48 hours. " +
    "Another partner's workspace answers exactly like an unknown one.",
  params: workspacePathParams,
  responses: { 200: { description: "The workspace", schema: workspaceRecord } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned"],
  async handler({ caller, params }) {
    const workspace = await getWorkspace(caller.partnerId, params.workspace_id);
    return { status: 200, body: serializeWorkspace(workspace) };
  },
});
