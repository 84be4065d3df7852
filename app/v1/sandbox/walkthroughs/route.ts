import { createSandboxWalkthrough } from "@/lib/partner-api/sandbox";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createSandboxWalkthrough);
