import type { Workspace } from "../generated/prisma/client";
import { rosterState } from "../roster/freshness";

export function serializeWorkspaceSummary(workspace: Workspace) {
  return {
    workspace_id: workspace.externalId,
    name: workspace.name,
    company_id: workspace.id,
    status: "provisioned" as const,
    provisioned_at: workspace.provisionedAt.toISOString(),
  };
}

export function serializeWorkspace(workspace: Workspace, now = new Date()) {
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
    sync: {
      mode: workspace.syncMode,
      health: workspace.syncMode === "push" ? ("not_configured" as const) : ("never_run" as const),
    },
    service: { state: workspace.serviceState, recording_enabled: workspace.recordingEnabled },
    claim: { state: workspace.claimState },
  };
}
