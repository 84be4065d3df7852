import { retryJobs } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(retryJobs);

export const POST = handlers.POST;
