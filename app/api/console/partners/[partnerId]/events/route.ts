import { listPartnerEvents } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listPartnerEvents);

export const GET = handlers.GET;
