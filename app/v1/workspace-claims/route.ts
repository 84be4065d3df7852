import { createWorkspaceClaim } from "@/lib/partner-api/workspace-claims";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createWorkspaceClaim);
