import "server-only";
import { z } from "zod";
import { createSignInLink } from "../auth/sign-in-link";
import { db } from "../db/client";
import { sendMail } from "../mail/send-mail";
import { consoleInvitationMail } from "../mail/templates";
import { invitationDays } from "../people/claim-workspace";
import { ApiError } from "../errors/api-error";
import { requirePartner } from "../partners/require-partner";
import { type Actor, recordAudit } from "./audit";
import { parseInput } from "../validation/parse-input";
import { consoleEmailBody } from "./schemas";
import { isUuid } from "../validation/uuid";

/**
 * Makes a person staff (they sign in with the usual email link). Answers whether they were new to it.
 * `input` is `{ email }`, from the console's body or the CLI's option, parsed by one schema.
 */
export async function addStaff(input: unknown, actor: Actor): Promise<{ email: string; added: boolean }> {
  const { email } = parseInput(consoleEmailBody, input);
  const added = await db().$transaction(async (tx) => {
    const user = await tx.user.upsert({ where: { email }, create: { email }, update: {} });
    const existing = await tx.staffMember.findUnique({ where: { userId: user.id } });
    if (existing) return false;
    await tx.staffMember.create({ data: { userId: user.id } });
    await recordAudit({ actor, action: "staff.add", objectType: "user", objectId: user.id, detail: { email } }, tx);
    return true;
  });
  return { email, added };
}

export const staffRow = z.object({ email: z.string(), addedAt: z.iso.datetime() });
export type StaffRow = z.infer<typeof staffRow>;

export async function listStaff(): Promise<StaffRow[]> {
  const rows = await db().staffMember.findMany({ include: { user: { select: { email: true } } }, orderBy: { addedAt: "asc" } });
  return rows.map((row) => ({ email: row.user.email, addedAt: row.addedAt.toISOString() }));
}

/** A person with a partner's console. */
export const partnerUserView = z.object({
  id: z.string(),
  email: z.string(),
  joined: z.boolean().meta({ description: "Whether they have signed in at least once." }),
  createdAt: z.iso.datetime(),
});
export type PartnerUserView = z.infer<typeof partnerUserView>;

export async function listPartnerUsers(partnerId: string): Promise<PartnerUserView[]> {
  const rows = await db().partnerUser.findMany({
    where: { partnerId },
    include: { user: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.user.email,
    joined: row.user.emailVerified !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Gives a person the partner's console (staff, or a colleague already in it) and mails them a
 * 7-day link that signs them in straight to it. Inviting someone already in answers 409.
 */
export async function invitePartnerUser(partnerId: string, input: unknown, actor: Actor): Promise<PartnerUserView> {
  const { email } = parseInput(consoleEmailBody, input);
  const partner = await requirePartner(partnerId);
  const expires = new Date(Date.now() + invitationDays * 24 * 3600 * 1000);
  const { view, link } = await db().$transaction(async (tx) => {
    const user = await tx.user.upsert({ where: { email }, create: { email }, update: {} });
    const existing = await tx.partnerUser.findUnique({ where: { partnerId_userId: { partnerId, userId: user.id } } });
    if (existing) throw new ApiError("already_invited", { message: `${email} already has ${partner.name}'s console.` });
    const row = await tx.partnerUser.create({ data: { partnerId, userId: user.id } });
    await recordAudit(
      { actor, partnerId, action: "partner_user.invite", objectType: "partner_user", objectId: row.id, detail: { email } },
      tx,
    );
    const link = await createSignInLink(email, "/console", expires, tx);
    return { view: { id: row.id, email, joined: user.emailVerified !== null, createdAt: row.createdAt.toISOString() }, link };
  });
  const invitedBy = "cli" in actor ? "Walkthrough support" : actor.email;
  await sendMail(consoleInvitationMail({ to: email, url: link, expires, partner: partner.name, invitedBy }));
  return view;
}

/**
 * Takes a person's access to the partner's console away (their sessions stay, the console
 * refuses them from the next page). Removing oneself is refused: a colleague or staff does it.
 */
export async function removePartnerUser(partnerId: string, partnerUserId: string, actor: Actor): Promise<{ removed: true }> {
  await requirePartner(partnerId);
  const row = isUuid(partnerUserId)
    ? await db().partnerUser.findFirst({
        where: { id: partnerUserId, partnerId },
        include: { user: { select: { email: true } } },
      })
    : null;
  if (row === null) throw new ApiError("not_found", { message: "No such console user." });
  if ("userId" in actor && actor.userId === row.userId)
    throw new ApiError("cannot_remove_self", { message: "You cannot remove yourself: ask a colleague." });
  await db().$transaction(async (tx) => {
    await tx.partnerUser.delete({ where: { id: row.id } });
    await recordAudit(
      {
        actor,
        partnerId,
        action: "partner_user.remove",
        objectType: "partner_user",
        objectId: row.id,
        detail: { email: row.user.email },
      },
      tx,
    );
  });
  return { removed: true };
}
