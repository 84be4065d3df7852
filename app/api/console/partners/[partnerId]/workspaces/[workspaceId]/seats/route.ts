import { removeSeatByEmail, setSeatByEmail } from "@/lib/consoles/console-api/workspaces";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(setSeatByEmail, removeSeatByEmail);

export const POST = handlers.POST;
export const DELETE = handlers.DELETE;
