import "server-only";
import { db } from "../db/client";
import type { WorkspaceClaim } from "../generated/prisma/client";
import { ApiError } from "../errors/api-error";
import { consumeRateLimit } from "../http/rate-limit";
import { createSignInLink } from "../auth/sign-in-link";
import { sendMail } from "../mail/send-mail";
import { invitationMail } from "../mail/templates";
import { findWorkspace } from "../workspaces/get-workspace";

// An owner invitation stays open this long; a repeat while it is open sends a fresh link and restarts it.
export const invitationDays = 7;

export interface ClaimRequest {
  partnerId: string;
  keyId: string;
  workspaceId: string;
  /** Already checked deliverable and lower-cased. */
  email: string;
  name?: string;
}

export interface ClaimOutcome {
  claim: WorkspaceClaim;
  externalWorkspaceId: string;
  /** False when this repeated an open invitation to the same address. */
  created: boolean;
}

/**
 * Invites `email` to become the workspace's owner (POST /v1/workspace-claims). Refusals, after the
 * address was found deliverable: `workspace_not_provisioned`; `workspace_already_claimed`;
 * `claim_requires_admin` when another key created the workspace or it already has people; then
 * the claims rate limit, which counts every invitation sent, repeats included.
 */
export async function claimWorkspace(request: ClaimRequest, now = new Date()): Promise<ClaimOutcome> {
  const found = await findWorkspace(request.partnerId, request.workspaceId);
  if (found === null) throw new ApiError("workspace_not_provisioned", { detail: { workspace_id: request.workspaceId } });
  const expiresAt = new Date(now.getTime() + invitationDays * 24 * 3600 * 1000);

  const { claim, created, link, workspaceName, partnerName } = await db().$transaction(async (tx) => {
    // Locked: two claims at once decide one after the other.
    await tx.$queryRaw`SELECT id FROM workspace WHERE id = ${found.id}::uuid FOR UPDATE`;
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: found.id }, include: { claim: true, partner: true } });
    if (workspace.claimState === "claimed") throw new ApiError("workspace_already_claimed");
    if (workspace.createdByKeyId !== request.keyId) {
      throw new ApiError("claim_requires_admin", {
        message: "This workspace was not provisioned with the key making the claim; the owner must be nominated by the service.",
      });
    }
    if ((await tx.seat.count({ where: { workspaceId: workspace.id } })) > 0) {
      throw new ApiError("claim_requires_admin", {
        message: "This workspace already has people; its owner must be nominated by the service.",
      });
    }
    const open = workspace.claim !== null && workspace.claim.claimedAt === null && workspace.claim.expiresAt > now;
    const repeat = open && workspace.claim!.email === request.email;
    await consumeRateLimit("claim", request.partnerId);
    const data = {
      email: request.email,
      name: request.name ?? null,
      keyId: request.keyId,
      invitedAt: now,
      expiresAt,
      claimedAt: null,
    };
    const claim = await tx.workspaceClaim.upsert({
      where: { workspaceId: workspace.id },
      create: { workspaceId: workspace.id, ...data },
      update: data,
    });
    await tx.workspace.update({ where: { id: workspace.id }, data: { claimState: "pending", claimPendingUntil: expiresAt } });
    const link = await createSignInLink(request.email, "/home", expiresAt, tx);
    return { claim, created: !repeat, link, workspaceName: workspace.name, partnerName: workspace.partner.name };
  });

  try {
    await sendMail(
      invitationMail({
        to: request.email,
        url: link,
        expires: expiresAt,
        workspace: workspaceName,
        role: "owner",
        invitedBy: partnerName,
      }),
    );
  } catch (cause) {
    // The invitation stands; repeating the call sends it again.
    throw new ApiError("service_unavailable", {
      message: "The invitation could not be mailed. Repeat the call to send it again.",
      cause,
    });
  }
  return { claim, externalWorkspaceId: request.workspaceId, created };
}

export function serializeClaim(outcome: ClaimOutcome) {
  const { claim } = outcome;
  return {
    workspace_id: outcome.externalWorkspaceId,
    email: claim.email,
    name: claim.name ?? undefined,
    state: "pending" as const,
    invited_at: claim.invitedAt.toISOString(),
    expires_at: claim.expiresAt.toISOString(),
  };
}
