import { listFailedJobs } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listFailedJobs);

export const GET = handlers.GET;
