import { updatePartner } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(updatePartner);

export const PATCH = handlers.PATCH;
