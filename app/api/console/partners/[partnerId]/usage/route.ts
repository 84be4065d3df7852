import { readPartnerUsage } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readPartnerUsage);

export const GET = handlers.GET;
