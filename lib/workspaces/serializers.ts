import "server-only";
import type { FeedHealth, Workspace } from "../generated/prisma/client";
import { rosterState } from "../roster/freshness";
import { claimStateOf } from "../people/claim-state";

/** As getWorkspace reads it: with the feed's health (null when there is no feed). */
type WorkspaceWithFeed = Workspace & { rosterFeed?: { health: FeedHealth } | null };

export function serializeWorkspaceSummary(workspace: Workspace) {
  return {
    workspace_id: workspace.externalId,
    name: workspace.name,
    company_id: workspace.id,
    status: "provisioned" as const,
    provisioned_at: workspace.provisionedAt.toISOString(),
    // Additive: only a sandbox workspace says so; a live one reads exactly as the spec writes it.
    ...(workspace.sandbox && { sandbox: true as const }),
  };
}

/** `not_configured` for a push workspace; a pull workspace reads its feed's health (`never_run` until the first pull). */
function syncHealth(workspace: WorkspaceWithFeed) {
  if (workspace.syncMode === "push") return "not_configured" as const;
  return workspace.rosterFeed?.health ?? ("never_run" as const);
}

export function serializeWorkspace(workspace: WorkspaceWithFeed, now = new Date()) {
  return {
    ...serializeWorkspaceSummary(workspace),
    roster: {
      revision: workspace.rosterRevision,
      state: rosterState(workspace.rosterConfirmedAt, workspace.rosterObservedAt, now),
      roster_confirmed_at: workspace.rosterConfirmedAt?.toISOString(),
      observed_at: workspace.rosterObservedAt?.toISOString(),
      last_source: workspace.rosterLastSource ?? undefined,
      present_count: workspace.presentCount,
      inactive_count: workspace.inactiveCount,
      unconfirmed_count: workspace.unconfirmedCount,
      missing_address_count: workspace.missingAddressCount,
      billing_active_count: workspace.billingActiveCount,
    },
    sync: { mode: workspace.syncMode, health: syncHealth(workspace) },
    service: { state: workspace.serviceState, recording_enabled: workspace.recordingEnabled },
    claim: { state: claimStateOf(workspace, now) },
  };
}
