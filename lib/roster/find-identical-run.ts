import "server-only";
import { createHash } from "node:crypto";
import type { RosterImport } from "../generated/prisma/client";
import { findWorkspace, type WorkspaceWithFeed } from "../workspaces/get-workspace";
import { findRunByKey } from "./submit-roster-import";

export function requestDigest(bodyText: string): string {
  return createHash("sha256").update(bodyText, "utf8").digest("hex");
}

/**
 * The run an earlier request with this key and exactly these body bytes created. Such a
 * retry is answered without parsing, validating and normalizing 10,000 items again: the
 * same bytes were accepted once, so they would be again and would normalize alike.
 */
export async function findIdenticalRun(
  workspaceId: string,
  idempotencyKey: string,
  bodyText: string,
): Promise<RosterImport | undefined> {
  const run = await findRunByKey(workspaceId, idempotencyKey);
  return run?.requestDigest === requestDigest(bodyText) ? run : undefined;
}

/**
 * A byte-identical retry of a push, with its workspace, or undefined to take the full path
 * (which also names body errors before an unknown workspace's 404).
 */
export async function findReplayedPush(
  partnerId: string,
  workspaceId: string,
  idempotencyKey: string,
  bodyText: string,
): Promise<{ workspace: WorkspaceWithFeed; run: RosterImport } | undefined> {
  const workspace = await findWorkspace(partnerId, workspaceId);
  const run = workspace && (await findIdenticalRun(workspace.id, idempotencyKey, bodyText));
  return workspace && run ? { workspace, run } : undefined;
}
