import { db } from "../db/client";
import type { SeatRole } from "../generated/prisma/enums";
import { PeopleError } from "../people/manage-seats";
import { seatRoles, staffRemoveSeat, staffSetSeat } from "../people/staff-seats";
import { isUuid } from "../validation/uuid";
import { type Actor, recordAudit } from "./audit";

/** The partner's workspace by its uuid; another partner's reads as unknown. */
async function workspaceOf(partnerId: string, workspaceUuid: string): Promise<string> {
  const workspace = isUuid(workspaceUuid) ? await db().workspace.findFirst({ where: { id: workspaceUuid, partnerId }, select: { id: true } }) : null;
  if (workspace === null) throw new PeopleError(404, "not_found", "No such workspace.");
  return workspace.id;
}

/** Staff give or change any seat, an owner's included (the CLI's `seats set`). */
export async function setSeatAs(actor: Actor, partnerId: string, workspaceUuid: string, body: Record<string, unknown>) {
  const workspaceId = await workspaceOf(partnerId, workspaceUuid);
  if (!seatRoles.includes(body.role as SeatRole)) throw new PeopleError(400, "invalid_role", "Choose owner, manager or viewer.");
  const seat = await staffSetSeat(workspaceId, { email: String(body.email ?? ""), role: body.role as SeatRole });
  await recordAudit({ actor, partnerId, action: "seat.set", objectType: "workspace", objectId: workspaceId, detail: { email: seat.email, role: seat.role, created: seat.created } });
  return seat;
}

export async function removeSeatAs(actor: Actor, partnerId: string, workspaceUuid: string, email: string | null) {
  const workspaceId = await workspaceOf(partnerId, workspaceUuid);
  const removed = await staffRemoveSeat(workspaceId, email ?? "");
  if (removed) await recordAudit({ actor, partnerId, action: "seat.remove", objectType: "workspace", objectId: workspaceId, detail: { email: (email ?? "").trim().toLowerCase() } });
  return { removed };
}
