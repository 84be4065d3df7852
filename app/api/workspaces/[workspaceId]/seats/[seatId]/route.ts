import { removeSeat } from "@/lib/people/manage-seats";
import { personRoute } from "@/lib/people/page-api";

type Context = { params: Promise<{ workspaceId: string; seatId: string }> };

export const DELETE = personRoute<Context>(async (person, _request, { params }) => {
  const { workspaceId, seatId } = await params;
  await removeSeat(person, workspaceId, seatId);
  return { removed: seatId };
});
