import { removeConsoleUser } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(removeConsoleUser);

export const DELETE = handlers.DELETE;
