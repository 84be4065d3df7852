import { removeWorkspaceSeat } from "@/lib/people/people-api";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(removeWorkspaceSeat);

export const DELETE = handlers.DELETE;
