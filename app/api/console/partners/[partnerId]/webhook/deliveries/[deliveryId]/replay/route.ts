import { replayDelivery } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(replayDelivery);

export const POST = handlers.POST;
