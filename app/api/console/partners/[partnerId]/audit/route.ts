import { listPartnerAudit } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listPartnerAudit);

export const GET = handlers.GET;
