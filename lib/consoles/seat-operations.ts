import "server-only";
import { staffRemoveSeat, staffSetSeat } from "../people/staff-seats";
import { type Actor, recordAudit } from "./audit";
import { parseInput } from "../validation/parse-input";
import { partnerWorkspace } from "./partner-workspace";
import { staffSeatBody } from "./schemas";

/** Staff give or change any seat, an owner's included (the CLI's `seats set`). */
export async function setSeatAs(actor: Actor, partnerId: string, workspaceUuid: string, body: unknown) {
  const workspaceId = (await partnerWorkspace(partnerId, workspaceUuid)).id;
  const seat = await staffSetSeat(workspaceId, parseInput(staffSeatBody, body));
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
