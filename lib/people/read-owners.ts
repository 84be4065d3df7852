import "server-only";
import { db } from "../db/client";

/** Who to ask for access: the owners of each workspace, by workspace id. */
export async function ownersOf(workspaceIds: readonly string[]): Promise<Map<string, { email: string; name?: string }[]>> {
  const seats = await db().seat.findMany({
    where: { workspaceId: { in: [...workspaceIds] }, role: "owner" },
    include: { user: { select: { email: true, name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const owners = new Map<string, { email: string; name?: string }[]>();
  for (const seat of seats)
    owners.set(seat.workspaceId, [
      ...(owners.get(seat.workspaceId) ?? []),
      { email: seat.user.email, name: seat.user.name ?? undefined },
    ]);
  return owners;
}
