import { revokePartnerKey } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(revokePartnerKey);

export const DELETE = handlers.DELETE;
