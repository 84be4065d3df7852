import "server-only";
import { defineOperation } from "../http/operation";
import { consumeRateLimit } from "../http/rate-limit";
import { requestRosterSync } from "../roster-feeds/request-roster-sync";
import { rosterSyncAccepted } from "../roster-feeds/schemas";
import { serializeRosterSyncAccepted } from "../roster-feeds/serializers";
import { workspaceQuery } from "../roster/schemas";
import { getWorkspace } from "../workspaces/get-workspace";

export const createRosterSync = defineOperation({
  method: "POST",
  auth: "partnerKey",
  path: "/v1/roster-syncs",
  operationId: "createRosterSync",
  tag: "Roster",
  summary: "Poll the workspace's hosted feed now",
  description:
    "For a workspace whose roster is pulled from a hosted feed (`sync.mode: pull`). Answers `202` with the new " +
    "pull's `sync_id` and `status: queued`; when a pull (manual or the daily scheduled one) is already queued or " +
    "running, `202` with `status: in_progress` and that pull's `sync_id`, starting nothing. The pull reads the feed " +
    "and becomes a roster import run with `source: pull` under the same rules as a push; its outcome shows on the " +
    "workspace (`roster`, and `sync.health`: `ok` once the feed was read in full, `failing` when it could not be used). " +
    "A workspace that pushes answers `409 pull_not_configured`. No request body. Starting a pull is rate limited " +
    "more tightly (the `roster_sync` bucket); an `in_progress` answer is not.",
  query: workspaceQuery,
  responses: { 202: { description: "A pull was started, or one is already in progress", schema: rosterSyncAccepted } },
  errors: ["missing_parameter", "invalid_request", "workspace_not_provisioned", "pull_not_configured"],
  async handler({ caller, query }) {
    const workspace = await getWorkspace(caller.partnerId, query.workspace_id);
    const { sync, started } = await requestRosterSync({
      workspace,
      beforeCreate: () => consumeRateLimit("roster_sync", caller.partnerId),
    });
    return { status: 202, body: serializeRosterSyncAccepted(sync, workspace, started) };
  },
});
