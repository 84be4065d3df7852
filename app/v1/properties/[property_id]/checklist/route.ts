import { putChecklist, readChecklist, removeChecklist } from "@/lib/partner-api/checklists";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(readChecklist, putChecklist, removeChecklist);
