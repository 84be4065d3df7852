import { readJobs } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readJobs);

export const GET = handlers.GET;
