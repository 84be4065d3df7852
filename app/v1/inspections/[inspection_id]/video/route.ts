import { readInspectionVideo } from "@/lib/partner-api/inspections";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(readInspectionVideo);
