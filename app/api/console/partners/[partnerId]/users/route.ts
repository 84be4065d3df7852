import { inviteConsoleUser, listConsoleUsers } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listConsoleUsers, inviteConsoleUser);

export const GET = handlers.GET;
export const POST = handlers.POST;
