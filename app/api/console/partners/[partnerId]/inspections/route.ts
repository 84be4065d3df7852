import { listPartnerInspections } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listPartnerInspections);

export const GET = handlers.GET;
