import "server-only";
import { z } from "zod";
import { defineRoute, ok } from "../../http/operation";
import { usageOf } from "../../usage/read-usage";
import { listAudit } from "../audit";
import { invitePartnerUser, listPartnerUsers, removePartnerUser } from "../console-people";
import { inspectionsPage } from "../inspections-page";
import { integrationHealthOf } from "../integration-health";
import { addAllowlistAs, allowlistOf, removeAllowlistAs, workspacesOf } from "../integration-operations";
import { issueKeyAs, keysOf, renameKeyAs, revokeKeyAs } from "../partner-operations";
import { runSandboxWalkthroughAs, sandboxWalkthroughBody } from "../sandbox-operations";
import { allowlistBody, issueKeyBody, renameKeyBody } from "../schemas";
import { cursorQuery, jsonObject, partnerPath } from "./inputs";
import { auditQuery, inspectionsQuery } from "./staff";

/* One partner's data in the consoles (its users, and staff), under /api/console/partners/{partnerId}. */

const base = "/api/console/partners/{partnerId}";

export const listPartnerKeys = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/keys`,
  params: partnerPath,
  handler: async ({ params }) => ok({ keys: await keysOf(params.partnerId) }),
});

export const issuePartnerKey = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/keys`,
  params: partnerPath,
  body: issueKeyBody,
  handler: async ({ caller, params, body }) =>
    ok(await issueKeyAs(caller.actor, params.partnerId, body.scopes, { sandbox: body.sandbox, name: body.name })),
});

export const revokePartnerKey = defineRoute({
  auth: "partnerUser",
  method: "DELETE",
  path: `${base}/keys/{keyId}`,
  params: partnerPath.extend({ keyId: z.string() }),
  handler: async ({ caller, params }) => ok(await revokeKeyAs(caller.actor, params.partnerId, params.keyId)),
});

export const renamePartnerKey = defineRoute({
  auth: "partnerUser",
  method: "PATCH",
  path: `${base}/keys/{keyId}`,
  params: partnerPath.extend({ keyId: z.string() }),
  body: renameKeyBody,
  handler: async ({ caller, params, body }) => ok(await renameKeyAs(caller.actor, params.partnerId, params.keyId, body.name)),
});

export const listConsoleUsers = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/users`,
  params: partnerPath,
  handler: async ({ params }) => ok({ users: await listPartnerUsers(params.partnerId) }),
});

export const inviteConsoleUser = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/users`,
  params: partnerPath,
  // Parsed by invitePartnerUser (consoleEmailBody), as the CLI's `partner-user add` is: a refusal is `invalid_email`.
  body: jsonObject,
  handler: async ({ caller, params, body }) => ok(await invitePartnerUser(params.partnerId, body, caller.actor)),
});

export const listAllowlist = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/allowlist`,
  params: partnerPath,
  handler: async ({ params }) => ok(await allowlistOf(params.partnerId)),
});

export const addAllowlistEntry = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/allowlist`,
  params: partnerPath,
  body: allowlistBody,
  handler: async ({ caller, params, body }) => ok(await addAllowlistAs(caller.actor, params.partnerId, body.entry)),
});

export const removeAllowlistEntry = defineRoute({
  auth: "partnerUser",
  method: "DELETE",
  path: `${base}/allowlist`,
  params: partnerPath,
  query: z.object({ entry: z.string().optional() }),
  handler: async ({ caller, params, query }) => ok(await removeAllowlistAs(caller.actor, params.partnerId, query.entry ?? "")),
});

export const listPartnerWorkspaces = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/workspaces`,
  params: partnerPath,
  query: cursorQuery.extend({ search: z.string().max(200, { error: "search is longer than 200 characters" }).optional() }),
  handler: async ({ params, query }) => ok(await workspacesOf(params.partnerId, query.cursor, query.search)),
});

/** "Run a sandbox walkthrough" (lib/sandbox): its events reach the partner's receiver like a real one's. */
export const runPartnerSandboxWalkthrough = defineRoute({
  auth: "partnerUser",
  method: "POST",
  path: `${base}/sandbox/walkthroughs`,
  params: partnerPath,
  body: sandboxWalkthroughBody,
  handler: async ({ caller, params, body }) => ok(await runSandboxWalkthroughAs(caller.actor, params.partnerId, body)),
});

export const listPartnerAudit = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/audit`,
  params: partnerPath,
  query: auditQuery,
  handler: async ({ params, query }) => ok(await listAudit({ partnerId: params.partnerId }, query.before)),
});

export const readPartnerUsage = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/usage`,
  params: partnerPath,
  handler: async ({ params }) => ok(await usageOf(params.partnerId)),
});

export const listPartnerInspections = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/inspections`,
  params: partnerPath,
  query: inspectionsQuery,
  handler: async ({ params, query }) =>
    ok(await inspectionsPage({ partnerId: params.partnerId, status: query.status, workspace: query.workspace }, query.cursor)),
});

/** The overview's health at a glance. */
export const readIntegrationHealth = defineRoute({
  auth: "partnerUser",
  method: "GET",
  path: `${base}/health`,
  params: partnerPath,
  handler: async ({ params }) => ok(await integrationHealthOf(params.partnerId)),
});

export const removeConsoleUser = defineRoute({
  auth: "partnerUser",
  method: "DELETE",
  path: `${base}/users/{userId}`,
  params: partnerPath.extend({ userId: z.string() }),
  handler: async ({ caller, params }) => ok(await removePartnerUser(params.partnerId, params.userId, caller.actor)),
});
