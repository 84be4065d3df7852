import { renamePartnerKey, revokePartnerKey } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(revokePartnerKey, renamePartnerKey);

export const DELETE = handlers.DELETE;
export const PATCH = handlers.PATCH;
