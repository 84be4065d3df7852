import { addAllowlistEntry, listAllowlist, removeAllowlistEntry } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listAllowlist, addAllowlistEntry, removeAllowlistEntry);

export const GET = handlers.GET;
export const POST = handlers.POST;
export const DELETE = handlers.DELETE;
