import { listDeliveries } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listDeliveries);

export const GET = handlers.GET;
