import { issuePartnerKey, listPartnerKeys } from "@/lib/consoles/console-api/partner-data";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listPartnerKeys, issuePartnerKey);

export const GET = handlers.GET;
export const POST = handlers.POST;
