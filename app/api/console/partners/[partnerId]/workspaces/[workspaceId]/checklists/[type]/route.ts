import { clearWorkspaceChecklist, setWorkspaceChecklist } from "@/lib/consoles/console-api/workspaces";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(setWorkspaceChecklist, clearWorkspaceChecklist);

export const PUT = handlers.PUT;
export const DELETE = handlers.DELETE;
