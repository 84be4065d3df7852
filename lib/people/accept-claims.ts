import "server-only";
import { db } from "../db/client";
import { log } from "../log";
import { recordWorkspaceEvent } from "../workspaces/workspace-events";

/**
 * Makes the person owner of every workspace whose open invitation is for their address, once they
 * have signed in with it (which proves they hold the mailbox). An invitation another address
 * replaced, or one that lapsed, makes nobody owner.
 */
export async function acceptClaimsOf(userId: string, email: string, now = new Date()): Promise<void> {
  const open = await db().workspaceClaim.findMany({
    where: { email: email.toLowerCase(), claimedAt: null, expiresAt: { gt: now } },
  });
  for (const claim of open) {
    await db().$transaction(async (tx) => {
      // Conditional on the invitation still being this one, open: two sign-ins accept it once.
      const { count } = await tx.workspaceClaim.updateMany({
        where: { workspaceId: claim.workspaceId, email: claim.email, claimedAt: null, expiresAt: { gt: now } },
        data: { claimedAt: now },
      });
      if (count === 0) return;
      await tx.seat.upsert({
        where: { workspaceId_userId: { workspaceId: claim.workspaceId, userId } },
        create: { workspaceId: claim.workspaceId, userId, role: "owner" },
        update: { role: "owner" },
      });
      await tx.workspace.update({ where: { id: claim.workspaceId }, data: { claimState: "claimed", claimPendingUntil: null } });
      await recordWorkspaceEvent(tx, claim.workspaceId, { type: "workspace.claimed" }, now);
      if (claim.name !== null) await tx.user.updateMany({ where: { id: userId, name: null }, data: { name: claim.name } });
    });
    log().info({ workspace: claim.workspaceId }, "workspace claimed");
  }
  // An owner seat staff gave directly (no invitation) claims the workspace the same way: by signing in.
  const unclaimed = await db().workspace.findMany({
    where: { claimState: { not: "claimed" }, seats: { some: { userId, role: "owner" } } },
    select: { id: true },
  });
  for (const { id } of unclaimed) {
    await db().$transaction(async (tx) => {
      // Conditional, so two sign-ins at once claim it (and announce it) once.
      const { count } = await tx.workspace.updateMany({
        where: { id, claimState: { not: "claimed" } },
        data: { claimState: "claimed", claimPendingUntil: null },
      });
      if (count === 1) await recordWorkspaceEvent(tx, id, { type: "workspace.claimed" }, now);
    });
  }
}
