import "server-only";
import { db } from "../db/client";
import type { RosterSync, Workspace } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { createRosterSync } from "./create-roster-sync";
import { findActiveSync } from "./find-active-sync";
import { lockPullWorkspace } from "./lock-pull-workspace";

export interface RequestSyncInput {
  workspace: Workspace;
  /** Runs only when a new sync is started: an in-progress answer is not rate limited. */
  beforeCreate?: () => Promise<void>;
}

function notConfigured(): ApiError {
  return new ApiError("pull_not_configured", {
    message: "This workspace pushes its roster (POST /v1/roster-imports); it has no feed to poll.",
  });
}

/**
 * `POST /v1/roster-syncs`: starts a manual pull, or returns the one already queued or running
 * (`started: false`). Decided under the workspace's row lock, so concurrent requests start one.
 */
export async function requestRosterSync(input: RequestSyncInput): Promise<{ sync: RosterSync; started: boolean }> {
  const { workspace } = input;
  if (workspace.syncMode !== "pull") throw notConfigured();
  return db().$transaction(async (tx) => {
    const locked = await lockPullWorkspace(tx, workspace.id);
    // Staff may have cleared the feed since the workspace was read.
    if (!locked || locked.syncMode !== "pull" || !locked.hasFeed) throw notConfigured();
    const active = await findActiveSync(tx, workspace.id);
    if (active) return { sync: active, started: false };
    await input.beforeCreate?.();
    return { sync: await createRosterSync(tx, { workspaceId: workspace.id, trigger: "manual" }), started: true };
  });
}
