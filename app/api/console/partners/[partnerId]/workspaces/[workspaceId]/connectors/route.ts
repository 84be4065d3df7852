import { listWorkspaceConnectors, setWorkspaceConnector } from "@/lib/consoles/console-api/workspaces";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listWorkspaceConnectors, setWorkspaceConnector);

export const GET = handlers.GET;
export const PUT = handlers.PUT;
