import { createWorkspace } from "@/lib/partner-api/workspaces";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createWorkspace);
