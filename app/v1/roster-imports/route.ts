import { createRosterImport } from "@/lib/partner-api/roster";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createRosterImport);
