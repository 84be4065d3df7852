import "server-only";
import { z } from "zod";
import { requiredText } from "../validation/text";

/** The caller's workspace id as sent in a body: trimmed of surrounding whitespace (spec, Workspace). */
export const workspaceIdInBody = z
  .string()
  .transform((value) => value.trim())
  .pipe(requiredText(200))
  .meta({ description: "The caller's id for this customer; surrounding whitespace is trimmed. Max 200 characters." });

/** As a path segment or query parameter: matched byte for byte, never trimmed. */
export const workspaceIdParam = requiredText(200).meta({
  description: "The caller's workspace id, percent-encoded as one path segment.",
});

export const createWorkspaceBody = z
  .strictObject({
    workspace_id: workspaceIdInBody,
    name: requiredText(200).meta({ description: "Customer display name. Max 200 characters." }),
  })
  .meta({ id: "CreateWorkspaceRequest" });

export const workspacePathParams = z.object({ workspace_id: workspaceIdParam });

const isoDateTime = z.iso.datetime();

export const workspaceSummary = z
  .object({
    workspace_id: z.string(),
    name: z.string(),
    company_id: z.uuid(),
    status: z.literal("provisioned"),
    provisioned_at: isoDateTime,
    sandbox: z
      .literal(true)
      .optional()
      .meta({
        description:
          "Present (`true`) only on a sandbox workspace, provisioned with a sandbox key; omitted on a live one " +
          "(the spec's omit rule). Its walkthroughs are simulated (`POST /v1/sandbox/walkthroughs`).",
      }),
  })
  .meta({ id: "WorkspaceSummary" });

export const workspaceRecord = workspaceSummary
  .extend({
    roster: z.object({
      revision: z.int(),
      state: z.enum(["unconfirmed", "fresh", "stale"]),
      roster_confirmed_at: isoDateTime.optional(),
      observed_at: isoDateTime.optional(),
      last_source: z.enum(["push", "pull"]).optional(),
      present_count: z.int(),
      inactive_count: z.int(),
      unconfirmed_count: z.int(),
      missing_address_count: z.int(),
      billing_active_count: z.int(),
    }),
    sync: z.object({
      mode: z.enum(["push", "pull"]),
      health: z.enum(["not_configured", "never_run", "ok", "failing"]),
    }),
    service: z.object({ state: z.enum(["pending_setup", "enabled"]), recording_enabled: z.boolean() }),
    claim: z.object({ state: z.enum(["unclaimed", "pending", "claimed"]) }),
  })
  .meta({ id: "Workspace" });
