import { listPartnerWorkspaces } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listPartnerWorkspaces);

export const GET = handlers.GET;
