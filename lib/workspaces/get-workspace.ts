import "server-only";
import { pool, type Tx } from "../db/client";
import type { FeedHealth, Workspace } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { takeReachedWorkspace } from "./reached-workspace";

/** A workspace with its feed's health, which the `sync` block shows; null for a workspace that pushes. */
export type WorkspaceWithFeed = Workspace & { rosterFeed: { health: FeedHealth } | null };

export interface WorkspaceRow {
  id: string;
  partner_id: string;
  external_id: string;
  name: string;
  created_by_key_id: string | null;
  provisioned_at: Date;
  roster_revision: number;
  roster_confirmed_at: Date | null;
  roster_observed_at: Date | null;
  roster_last_source: Workspace["rosterLastSource"];
  present_count: number;
  inactive_count: number;
  unconfirmed_count: number;
  missing_address_count: number;
  billing_active_count: number;
  sync_mode: Workspace["syncMode"];
  service_state: Workspace["serviceState"];
  recording_enabled: boolean;
  claim_state: Workspace["claimState"];
  claim_pending_until: Date | null;
  sandbox: boolean;
  feed_health: FeedHealth | null;
}

/** Exported for the benchmark's bare floor server, so both run exactly this read. */
export const workspaceSql = `
  SELECT w.*, f.health AS feed_health
  FROM workspace w LEFT JOIN roster_feed f ON f.workspace_id = w.id
  WHERE w.partner_id = $1 AND w.external_id = $2`;

// Typed as the Prisma model, so a column added to Workspace fails to compile here until it is read.
export function fromRow(row: WorkspaceRow): WorkspaceWithFeed {
  const workspace: Workspace = {
    id: row.id,
    partnerId: row.partner_id,
    externalId: row.external_id,
    name: row.name,
    createdByKeyId: row.created_by_key_id,
    provisionedAt: row.provisioned_at,
    rosterRevision: row.roster_revision,
    rosterConfirmedAt: row.roster_confirmed_at,
    rosterObservedAt: row.roster_observed_at,
    rosterLastSource: row.roster_last_source,
    presentCount: row.present_count,
    inactiveCount: row.inactive_count,
    unconfirmedCount: row.unconfirmed_count,
    missingAddressCount: row.missing_address_count,
    billingActiveCount: row.billing_active_count,
    syncMode: row.sync_mode,
    serviceState: row.service_state,
    recordingEnabled: row.recording_enabled,
    claimState: row.claim_state,
    claimPendingUntil: row.claim_pending_until,
    sandbox: row.sandbox,
  };
  return { ...workspace, rosterFeed: row.feed_health === null ? null : { health: row.feed_health } };
}

/**
 * The partner's workspace by the caller's id. Another partner's workspace answers exactly
 * like an unknown one, so ids leak nothing across partners. The feed comes in the same query
 * (a join), so the full workspace read stays one round trip.
 *
 * Nearly every partner call starts here, so outside a transaction it is one statement on the
 * raw pool (as the key lookup is): Prisma's per-query work would cost more than the query. And
 * a partner call has usually read it already, to check its key may reach it: the first read
 * takes that one (lib/workspaces/reached-workspace.ts).
 */
export async function findWorkspace(partnerId: string, workspaceId: string, tx?: Tx): Promise<WorkspaceWithFeed | null> {
  if (tx) {
    return tx.workspace.findUnique({
      where: { partnerId_externalId: { partnerId, externalId: workspaceId } },
      include: { rosterFeed: { select: { health: true } } },
    });
  }
  const reached = takeReachedWorkspace(partnerId, workspaceId);
  return reached === undefined ? queryWorkspace(partnerId, workspaceId) : reached;
}

/** As findWorkspace outside a transaction, always from the database. */
export async function queryWorkspace(partnerId: string, workspaceId: string): Promise<WorkspaceWithFeed | null> {
  const result = await pool().query<WorkspaceRow>(workspaceSql, [partnerId, workspaceId]);
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** As findWorkspace, answering `404 workspace_not_provisioned` when there is none. */
export async function getWorkspace(partnerId: string, workspaceId: string, tx?: Tx): Promise<WorkspaceWithFeed> {
  const workspace = await findWorkspace(partnerId, workspaceId, tx);
  if (!workspace) throw new ApiError("workspace_not_provisioned");
  return workspace;
}
