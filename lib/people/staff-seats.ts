import "server-only";
import { deliverableEmail } from "../auth/email-address";
import { createSignInLink } from "../auth/sign-in-link";
import { db } from "../db/client";
import type { SeatRole } from "../generated/prisma/enums";
import { sendMail } from "../mail/send-mail";
import { invitationMail } from "../mail/templates";
import { invitationDays } from "./claim-workspace";
import { ApiError } from "../errors/api-error";
import { type SeatView, seatsIn } from "./manage-seats";
import { recordWorkspaceEvent } from "../workspaces/workspace-events";

async function workspaceNamed(workspaceId: string): Promise<{ id: string; name: string }> {
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { id: true, name: true } });
  if (workspace === null) throw new ApiError("not_found", { message: `No workspace ${workspaceId}.` });
  return workspace;
}

export async function staffListSeats(workspaceId: string) {
  await workspaceNamed(workspaceId);
  return seatsIn(workspaceId);
}

/**
 * Staff give a person a seat of any role, or change the role of one they hold: the only way an
 * owner seat changes hands after a claim (owners manage managers and viewers only). A person
 * who has never signed in is mailed an invitation link (7 days); an owner who signs in claims
 * the workspace as an accepted invitation does.
 */
export async function staffSetSeat(
  workspaceId: string,
  input: { email: string; role: SeatRole },
): Promise<SeatView & { created: boolean; invited: boolean }> {
  const workspace = await workspaceNamed(workspaceId);
  const email = deliverableEmail(input.email);
  if (email === undefined)
    throw new ApiError("invalid_email", { message: `${input.email} is not an address mail can be sent to.` });
  const expires = new Date(Date.now() + invitationDays * 24 * 3600 * 1000);
  const result = await db().$transaction(async (tx) => {
    const user = await tx.user.upsert({ where: { email }, create: { email }, update: {} });
    const existing = await tx.seat.findUnique({ where: { workspaceId_userId: { workspaceId, userId: user.id } } });
    const seat = existing
      ? await tx.seat.update({ where: { id: existing.id }, data: { role: input.role } })
      : await tx.seat.create({ data: { workspaceId, userId: user.id, role: input.role } });
    const joined = user.emailVerified !== null;
    if (input.role === "owner" && joined) {
      const { count } = await tx.workspace.updateMany({
        where: { id: workspaceId, claimState: { not: "claimed" } },
        data: { claimState: "claimed", claimPendingUntil: null },
      });
      if (count === 1) await recordWorkspaceEvent(tx, workspaceId, { type: "workspace.claimed" });
    }
    const link = joined || existing ? undefined : await createSignInLink(email, "/home", expires, tx);
    return { seatId: seat.id, joined, created: existing === null, link };
  });
  if (result.link)
    await sendMail(
      invitationMail({
        to: email,
        url: result.link,
        expires,
        workspace: workspace.name,
        role: input.role,
        invitedBy: "Walkthrough support",
      }),
    );
  return {
    seatId: result.seatId,
    email,
    role: input.role,
    joined: result.joined,
    created: result.created,
    invited: result.link !== undefined,
  };
}

/** Staff remove any seat, an owner's included. Answers whether there was one. */
export async function staffRemoveSeat(workspaceId: string, emailText: string): Promise<boolean> {
  await workspaceNamed(workspaceId);
  const email = emailText.trim().toLowerCase();
  const { count } = await db().seat.deleteMany({ where: { workspaceId, user: { email } } });
  return count > 0;
}
