import "server-only";
import { z } from "zod";
import { defineRoute, ok } from "../../http/operation";
import { homeSetupBodyLimitBytes } from "../../properties/home-setup";
import { clearCompanyChecklistAs, setCompanyChecklistAs } from "../checklist-operations";
import { connectorsOf, setConnectorAs } from "../connector-operations";
import { clearFeedAs, setFeedAs } from "../feed-operations";
import { removeSeatAs, setSeatAs } from "../seat-operations";
import { jsonObject, workspacePath } from "./inputs";

/* A partner's workspace as staff set it up: company checklists, seats, connectors, the roster feed. */

const base = "/api/console/partners/{partnerId}/workspaces/{workspaceId}";
const checklistPath = workspacePath.extend({ type: z.string() });

export const setWorkspaceChecklist = defineRoute({
  auth: "staff",
  method: "PUT",
  path: `${base}/checklists/{type}`,
  params: checklistPath,
  // The same cap as the partner API's checklist PUT: the lists are the same.
  bodyLimitBytes: homeSetupBodyLimitBytes,
  body: jsonObject,
  handler: async ({ caller, params, body }) =>
    ok(await setCompanyChecklistAs(caller.actor, params.partnerId, params.workspaceId, params.type, body)),
});

export const clearWorkspaceChecklist = defineRoute({
  auth: "staff",
  method: "DELETE",
  path: `${base}/checklists/{type}`,
  params: checklistPath,
  handler: async ({ caller, params }) =>
    ok(await clearCompanyChecklistAs(caller.actor, params.partnerId, params.workspaceId, params.type)),
});

/** Staff only: partners give owner seats by workspace claims; owners manage the rest. */
export const setSeatByEmail = defineRoute({
  auth: "staff",
  method: "POST",
  path: `${base}/seats`,
  params: workspacePath,
  // staffSeatBody, parsed once the workspace is found.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await setSeatAs(caller.actor, params.partnerId, params.workspaceId, body)),
});

export const removeSeatByEmail = defineRoute({
  auth: "staff",
  method: "DELETE",
  path: `${base}/seats`,
  params: workspacePath,
  query: z.object({ email: z.string().optional() }),
  handler: async ({ caller, params, query }) =>
    ok(await removeSeatAs(caller.actor, params.partnerId, params.workspaceId, query.email ?? null)),
});

export const listWorkspaceConnectors = defineRoute({
  auth: "staff",
  method: "GET",
  path: `${base}/connectors`,
  params: workspacePath,
  handler: async ({ params }) => ok({ connectors: await connectorsOf(params.partnerId, params.workspaceId) }),
});

/** Staff switch a connector on or off for the workspace: `{ platform, enabled }`. */
export const setWorkspaceConnector = defineRoute({
  auth: "staff",
  method: "PUT",
  path: `${base}/connectors`,
  params: workspacePath,
  // connectorSwitchBody, parsed once the workspace is found (an unknown one is 404 whatever the body says).
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await setConnectorAs(caller.actor, params.partnerId, params.workspaceId, body)),
});

export const setWorkspaceFeed = defineRoute({
  auth: "staff",
  method: "PUT",
  path: `${base}/feed`,
  params: workspacePath,
  // feedBody, parsed once the workspace is found.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await setFeedAs(caller.actor, params.partnerId, params.workspaceId, body)),
});

export const clearWorkspaceFeed = defineRoute({
  auth: "staff",
  method: "DELETE",
  path: `${base}/feed`,
  params: workspacePath,
  handler: async ({ caller, params }) => ok(await clearFeedAs(caller.actor, params.partnerId, params.workspaceId)),
});
