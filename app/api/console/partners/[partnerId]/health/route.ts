import { readIntegrationHealth } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readIntegrationHealth);

export const GET = handlers.GET;
