import { readInspectionEvidence } from "@/lib/partner-api/evidence";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(readInspectionEvidence);
