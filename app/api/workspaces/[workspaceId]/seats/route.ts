import { inviteWorkspaceSeat, listWorkspaceSeats } from "@/lib/people/people-api";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listWorkspaceSeats, inviteWorkspaceSeat);

export const GET = handlers.GET;
export const POST = handlers.POST;
