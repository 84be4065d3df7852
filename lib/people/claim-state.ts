import "server-only";
import type { ClaimState, Workspace } from "../generated/prisma/client";

/** `pending` only while the owner invitation is open: once it lapses with nobody signed in, `unclaimed` again. */
export function claimStateOf(workspace: Pick<Workspace, "claimState" | "claimPendingUntil">, now = new Date()): ClaimState {
  if (workspace.claimState !== "pending") return workspace.claimState;
  return workspace.claimPendingUntil !== null && workspace.claimPendingUntil > now ? "pending" : "unclaimed";
}
