import { changeWorkspaceSeatRole, removeWorkspaceSeat } from "@/lib/people/people-api";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(removeWorkspaceSeat, changeWorkspaceSeatRole);

export const DELETE = handlers.DELETE;
export const PATCH = handlers.PATCH;
