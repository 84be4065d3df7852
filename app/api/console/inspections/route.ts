import { listAllInspections } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listAllInspections);

export const GET = handlers.GET;
