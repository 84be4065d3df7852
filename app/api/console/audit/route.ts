import { listStaffAudit } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listStaffAudit);

export const GET = handlers.GET;
