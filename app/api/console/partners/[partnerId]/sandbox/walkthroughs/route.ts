import { runPartnerSandboxWalkthrough } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(runPartnerSandboxWalkthrough);

export const POST = handlers.POST;
