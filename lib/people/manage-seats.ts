import "server-only";
import { z } from "zod";
import { ApiError } from "../errors/api-error";
import { createSignInLink } from "../auth/sign-in-link";
import { recordAudit } from "../consoles/audit";
import { parseInput } from "../validation/parse-input";
import { db } from "../db/client";
import { FindingSeverity, SeatRole } from "../generated/prisma/enums";
import { sendMail } from "../mail/send-mail";
import { invitationMail } from "../mail/templates";
import { invitationDays } from "./claim-workspace";
import { deliveryChoiceBody, seatInviteBody, seatRoleChangeBody } from "./schemas";
import { isUuid } from "../validation/uuid";

/** A person with a seat in a workspace, as the owner's page and the admin console list them. */
export const seatView = z.object({
  seatId: z.string(),
  email: z.string(),
  name: z.string().optional(),
  role: z.enum(SeatRole),
  joined: z.boolean().meta({ description: "Whether they have signed in at least once." }),
});
export type SeatView = z.infer<typeof seatView>;

export const seatsAnswer = z.object({ workspaceName: z.string(), seats: z.array(seatView) });
export type SeatsAnswer = z.infer<typeof seatsAnswer>;

async function assertOwner(actorId: string, workspaceId: string): Promise<void> {
  if (!isUuid(workspaceId)) throw new ApiError("not_found", { message: "No such workspace." });
  const seat = await db().seat.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: actorId } },
    select: { role: true },
  });
  // Without a seat the workspace reads as unknown; with a lesser one the answer says why.
  if (seat === null) throw new ApiError("not_found", { message: "No such workspace." });
  if (seat.role !== "owner") throw new ApiError("owner_only", { message: "Only the workspace's owner manages its people." });
}

export async function listSeats(actorId: string, workspaceId: string): Promise<SeatsAnswer> {
  await assertOwner(actorId, workspaceId);
  return seatsIn(workspaceId);
}

/** Everyone with a seat in the workspace, oldest first. */
export async function seatsIn(workspaceId: string): Promise<SeatsAnswer> {
  const workspace = await db().workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { name: true, seats: { include: { user: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  return {
    workspaceName: workspace.name,
    seats: workspace.seats.map((seat) => ({
      seatId: seat.id,
      email: seat.user.email,
      name: seat.user.name ?? undefined,
      role: seat.role,
      joined: seat.user.emailVerified !== null,
    })),
  };
}

/** The signed-in owner acting on their workspace's seats. */
export interface SeatOwner {
  id: string;
  email: string;
}

/**
 * An owner gives someone a manager or viewer seat and mails them a link that signs them in.
 * Audited like a console action, under the workspace's partner, so the partner sees who let whom in.
 */
export async function inviteToSeat(owner: SeatOwner, workspaceId: string, body: unknown): Promise<SeatView> {
  const actorId = owner.id;
  await assertOwner(actorId, workspaceId);
  // After the owner check: a workspace the caller does not own is 404 or 403 whatever the body says.
  const { email, role } = parseInput(seatInviteBody, body);
  const expires = new Date(Date.now() + invitationDays * 24 * 3600 * 1000);
  const { link, workspaceName, inviter, user, seatId } = await db().$transaction(async (tx) => {
    const user = await tx.user.upsert({ where: { email }, create: { email }, update: {} });
    const existing = await tx.seat.findUnique({ where: { workspaceId_userId: { workspaceId, userId: user.id } } });
    if (existing !== null) throw new ApiError("already_seated", { message: `${email} already has a seat here.` });
    const seat = await tx.seat.create({ data: { workspaceId, userId: user.id, role } });
    const [workspace, actor] = await Promise.all([
      tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true, partnerId: true } }),
      tx.user.findUniqueOrThrow({ where: { id: actorId }, select: { email: true, name: true } }),
    ]);
    await recordAudit(
      {
        actor: { userId: owner.id, email: owner.email },
        partnerId: workspace.partnerId,
        action: "seat.invite",
        objectType: "workspace",
        objectId: workspaceId,
        detail: { email, role },
      },
      tx,
    );
    const link = await createSignInLink(email, "/home", expires, tx);
    return { link, workspaceName: workspace.name, inviter: actor.name ?? actor.email, user, seatId: seat.id };
  });
  await sendMail(invitationMail({ to: email, url: link, expires, workspace: workspaceName, role, invitedBy: inviter }));
  return { seatId, email, role, joined: user.emailVerified !== null };
}

/** An owner removes a manager or viewer; an owner's seat is changed only by staff. Audited as invitations are. */
export async function removeSeat(owner: SeatOwner, workspaceId: string, seatId: string): Promise<void> {
  await assertOwner(owner.id, workspaceId);
  const seat = isUuid(seatId)
    ? await db().seat.findFirst({
        where: { id: seatId, workspaceId },
        include: { user: { select: { email: true } }, workspace: { select: { partnerId: true } } },
      })
    : null;
  if (seat === null) return;
  if (seat.role === "owner") throw new ApiError("owner_seat", { message: "An owner's seat cannot be removed here." });
  await db().$transaction(async (tx) => {
    // Two owners removing the same seat at once: only the one that deleted it records it.
    const { count } = await tx.seat.deleteMany({ where: { id: seatId } });
    if (count === 0) return;
    await recordAudit(
      {
        actor: { userId: owner.id, email: owner.email },
        partnerId: seat.workspace.partnerId,
        action: "seat.remove",
        objectType: "workspace",
        objectId: workspaceId,
        detail: { email: seat.user.email, role: seat.role },
      },
      tx,
    );
  });
}

/**
 * An owner makes a manager a viewer or the other way round; an owner's seat is changed only by
 * staff. Audited as invitations are. Unknown seats are `not_found`.
 */
export async function changeSeatRole(owner: SeatOwner, workspaceId: string, seatId: string, body: unknown): Promise<SeatView> {
  await assertOwner(owner.id, workspaceId);
  const { role } = parseInput(seatRoleChangeBody, body);
  const seat = isUuid(seatId)
    ? await db().seat.findFirst({
        where: { id: seatId, workspaceId },
        include: { user: true, workspace: { select: { partnerId: true } } },
      })
    : null;
  if (seat === null) throw new ApiError("not_found", { message: "No such person in this workspace." });
  if (seat.role === "owner") throw new ApiError("owner_seat", { message: "An owner's seat cannot be changed here." });
  if (seat.role !== role)
    await db().$transaction(async (tx) => {
      // Only a manager or viewer seat changes: one made owner meanwhile by staff stays so.
      const { count } = await tx.seat.updateMany({ where: { id: seatId, role: { not: "owner" } }, data: { role } });
      if (count === 0) return;
      await recordAudit(
        {
          actor: { userId: owner.id, email: owner.email },
          partnerId: seat.workspace.partnerId,
          action: "seat.role",
          objectType: "workspace",
          objectId: workspaceId,
          detail: { email: seat.user.email, from: seat.role, role },
        },
        tx,
      );
    });
  return { seatId, email: seat.user.email, name: seat.user.name ?? undefined, role, joined: seat.user.emailVerified !== null };
}

/** What a person receives from one of their seats. */
export const deliveryChoice = z.object({
  seatId: z.string(),
  workspaceName: z.string(),
  minimumSeverity: z.enum(FindingSeverity),
  receiveMissedSteps: z.boolean(),
});
export type DeliveryChoice = z.infer<typeof deliveryChoice>;

export async function deliveryChoicesOf(userId: string): Promise<DeliveryChoice[]> {
  const seats = await db().seat.findMany({
    where: { userId },
    include: { workspace: { select: { name: true } } },
    orderBy: { workspace: { name: "asc" } },
  });
  return seats.map((seat) => ({
    seatId: seat.id,
    workspaceName: seat.workspace.name,
    minimumSeverity: seat.minimumSeverity,
    receiveMissedSteps: seat.receiveMissedSteps,
  }));
}

/** A person's own choices for one of their seats (deliveryChoiceBody, checked before the seat is looked up). */
export async function setDeliveryChoice(userId: string, seatId: string, body: unknown): Promise<DeliveryChoice> {
  const choice = parseInput(deliveryChoiceBody, body);
  if (!isUuid(seatId)) throw new ApiError("not_found", { message: "No such seat." });
  const { count } = await db().seat.updateMany({ where: { id: seatId, userId }, data: choice });
  if (count === 0) throw new ApiError("not_found", { message: "No such seat." });
  return (await deliveryChoicesOf(userId)).find((choice) => choice.seatId === seatId)!;
}
