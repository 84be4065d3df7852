import "server-only";
import { z } from "zod";
import { defineOperation } from "../http/operation";
import { consumeRateLimit } from "../http/rate-limit";
import { readRosterPage } from "../roster/list-properties";
import { propertiesPage, rosterImportRun } from "../roster/response-schemas";
import { idempotencyHeaders, rosterSnapshotBody, workspaceQuery } from "../roster/schemas";
import type { RosterImport, Workspace } from "../generated/prisma/client";
import { findReplayedPush, requestDigest } from "../roster/find-identical-run";
import { getRosterImport } from "../roster/get-roster-import";
import { serializeProperty, serializeRosterImport } from "../roster/serializers";
import { submitRosterImport } from "../roster/submit-roster-import";
import { optionalParameter } from "../validation/text";
import { getWorkspace } from "../workspaces/get-workspace";

export const rosterImportBodyLimitBytes = 32 * 1024 * 1024;

function rosterImportAnswer(run: RosterImport, workspace: Workspace, replayed: boolean) {
  return {
    status: 202,
    body: serializeRosterImport(run, workspace),
    headers: replayed ? { "Idempotent-Replayed": "true" } : undefined,
  };
}

export const createRosterImport = defineOperation({
  method: "POST",
  auth: "partnerKey",
  path: "/v1/roster-imports",
  operationId: "createRosterImport",
  tag: "Roster",
  summary: "Submit one complete roster snapshot",
  description:
    "Answers `202` with the queued run; the roster is applied by a background run (poll `status_url`). " +
    "Every item, length bound, the per-import cap, repeated `property_id` values and `total_count` are checked first " +
    "(`400 invalid_request` naming `detail.parameter` and, for an item, `detail.index`). The same `Idempotency-Key` " +
    "with the same roster (key order and property order do not matter) returns the same run at whatever status it " +
    "reached, with header `Idempotent-Replayed: true`; with a different roster it is `409 idempotency_conflict`. " +
    "New submissions are rate limited; replays are not.",
  query: workspaceQuery,
  headers: idempotencyHeaders,
  body: rosterSnapshotBody,
  bodyLimitBytes: rosterImportBodyLimitBytes,
  responses: { 202: { description: "The run, queued (or as it stands, on a replay)", schema: rosterImportRun } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "idempotency_conflict", "payload_too_large"],
  async replay({ caller, query, headers, bodyText }) {
    const found = await findReplayedPush(caller.partnerId, query.workspace_id, headers["Idempotency-Key"], bodyText);
    return found && rosterImportAnswer(found.run, found.workspace, true);
  },
  async handler({ caller, query, headers, body, bodyText }) {
    const workspace = await getWorkspace(caller.partnerId, query.workspace_id);
    const { run, replayed } = await submitRosterImport({
      partnerId: caller.partnerId,
      workspace,
      idempotencyKey: headers["Idempotency-Key"],
      body,
      requestDigest: requestDigest(bodyText),
      beforeCreate: () => consumeRateLimit("roster_import", caller.partnerId),
    });
    return rosterImportAnswer(run, workspace, replayed);
  },
});

export const readRosterImport = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/roster-imports/{import_id}",
  operationId: "getRosterImport",
  tag: "Roster",
  summary: "Read a roster import run",
  description: "Another workspace's `import_id` answers `404 not_found`, identical to an unknown one.",
  params: z.object({ import_id: z.string() }),
  query: workspaceQuery,
  responses: { 200: { description: "The run", schema: rosterImportRun } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "not_found"],
  async handler({ caller, params, query }) {
    const workspace = await getWorkspace(caller.partnerId, query.workspace_id);
    const run = await getRosterImport(workspace, params.import_id);
    return { status: 200, body: serializeRosterImport(run, workspace) };
  },
});

export const listRosterProperties = defineOperation({
  method: "GET",
  auth: "partnerKey",
  path: "/v1/properties",
  operationId: "listProperties",
  tag: "Roster",
  summary: "List the roster held",
  description:
    "Keyset-paginated over the caller's `property_id` in byte order: an import landing mid-walk changes no page. " +
    "`cursor` is opaque and bound to the filter it was issued with; an edited or foreign cursor is `400 invalid_request`.",
  query: workspaceQuery.extend({
    roster_status: optionalParameter(z.enum(["present", "inactive", "unconfirmed"])),
    limit: optionalParameter(z.coerce.number<string>().int().min(1).max(500)).default(100),
    cursor: optionalParameter(z.string()),
  }),
  responses: { 200: { description: "One page", schema: propertiesPage } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned"],
  async handler({ caller, query }) {
    const { workspace, ...page } = await readRosterPage(caller.partnerId, query.workspace_id, {
      rosterStatus: query.roster_status,
      limit: query.limit,
      cursor: query.cursor,
    });
    return {
      status: 200,
      body: {
        workspace_id: workspace.externalId,
        roster_revision: workspace.rosterRevision,
        properties: page.properties.map(serializeProperty),
        next_cursor: page.nextCursor,
      },
    };
  },
});
