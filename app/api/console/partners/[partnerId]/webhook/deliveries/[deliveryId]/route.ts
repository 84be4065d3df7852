import { readDelivery } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readDelivery);

export const GET = handlers.GET;
