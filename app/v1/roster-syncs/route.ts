import { createRosterSync } from "@/lib/partner-api/roster-syncs";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createRosterSync);
