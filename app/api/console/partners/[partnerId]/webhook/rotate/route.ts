import { rotateWebhookSecret } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(rotateWebhookSecret);

export const POST = handlers.POST;
