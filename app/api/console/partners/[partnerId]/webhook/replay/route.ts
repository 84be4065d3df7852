import { replaySince } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(replaySince);

export const POST = handlers.POST;
