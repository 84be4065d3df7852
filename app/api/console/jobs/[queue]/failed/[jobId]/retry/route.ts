import { retryFailedJob } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(retryFailedJob);

export const POST = handlers.POST;
