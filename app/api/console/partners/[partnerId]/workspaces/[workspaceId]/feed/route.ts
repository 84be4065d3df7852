import { clearWorkspaceFeed, setWorkspaceFeed } from "@/lib/consoles/console-api/workspaces";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(setWorkspaceFeed, clearWorkspaceFeed);

export const PUT = handlers.PUT;
export const DELETE = handlers.DELETE;
