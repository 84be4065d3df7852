import "server-only";
import type { SeatRole } from "../generated/prisma/enums";
import { ApiError } from "../errors/api-error";
import { seatRoles, staffRemoveSeat, staffSetSeat } from "../people/staff-seats";
import { type Actor, recordAudit } from "./audit";
import { partnerWorkspace } from "./partner-workspace";

/** Staff give or change any seat, an owner's included (the CLI's `seats set`). */
export async function setSeatAs(actor: Actor, partnerId: string, workspaceUuid: string, body: Record<string, unknown>) {
  const workspaceId = (await partnerWorkspace(partnerId, workspaceUuid)).id;
  if (!seatRoles.includes(body.role as SeatRole))
    throw new ApiError("invalid_role", { message: "Choose owner, manager or viewer." });
  const seat = await staffSetSeat(workspaceId, { email: String(body.email ?? ""), role: body.role as SeatRole });
  await recordAudit({
    actor,
    partnerId,
    action: "seat.set",
    objectType: "workspace",
    objectId: workspaceId,
    detail: { email: seat.email, role: seat.role, created: seat.created },
  });
  return seat;
}

export async function removeSeatAs(actor: Actor, partnerId: string, workspaceUuid: string, email: string | null) {
  const workspaceId = (await partnerWorkspace(partnerId, workspaceUuid)).id;
  const removed = await staffRemoveSeat(workspaceId, email ?? "");
  if (removed)
    await recordAudit({
      actor,
      partnerId,
      action: "seat.remove",
      objectType: "workspace",
      objectId: workspaceId,
      detail: { email: (email ?? "").trim().toLowerCase() },
    });
  return { removed };
}
