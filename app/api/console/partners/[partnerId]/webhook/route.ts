import { clearWebhookReceiver, readWebhook, setWebhookReceiver } from "@/lib/consoles/console-api/webhooks";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readWebhook, setWebhookReceiver, clearWebhookReceiver);

export const GET = handlers.GET;
export const PUT = handlers.PUT;
export const DELETE = handlers.DELETE;
