import { sendWebhookTest } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(sendWebhookTest);

export const POST = handlers.POST;
