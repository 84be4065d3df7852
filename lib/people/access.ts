import "server-only";
import { db } from "../db/client";
import type { SeatRole } from "../generated/prisma/enums";

export interface PersonSeat {
  seatId: string;
  workspaceId: string;
  workspaceName: string;
  partnerName: string;
  role: SeatRole;
}

/** The workspaces a person holds seats in, by name. */
export async function seatsOf(userId: string): Promise<PersonSeat[]> {
  const seats = await db().seat.findMany({
    where: { userId },
    include: { workspace: { select: { name: true, partner: { select: { name: true } } } } },
    orderBy: [{ workspace: { name: "asc" } }, { workspaceId: "asc" }],
  });
  return seats.map((seat) => ({
    seatId: seat.id,
    workspaceId: seat.workspaceId,
    workspaceName: seat.workspace.name,
    partnerName: seat.workspace.partner.name,
    role: seat.role,
  }));
}

/** The person's role in the workspace, or undefined without a seat there. */
export async function roleIn(userId: string, workspaceId: string): Promise<SeatRole | undefined> {
  const seat = await db().seat.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: { role: true } });
  return seat?.role;
}
