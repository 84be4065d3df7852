import { inviteToSeat, listSeats } from "@/lib/people/manage-seats";
import { jsonBody, personRoute } from "@/lib/people/page-api";

type Context = { params: Promise<{ workspaceId: string }> };

export const GET = personRoute<Context>(async (person, _request, { params }) => listSeats(person.id, (await params).workspaceId));

export const POST = personRoute<Context>(async (person, request, { params }) => {
  const body = await jsonBody(request);
  return inviteToSeat(person, (await params).workspaceId, { email: String(body.email ?? ""), role: String(body.role ?? "") });
});
