import { createBaselinePhotoImport } from "@/lib/partner-api/baseline-photos";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(createBaselinePhotoImport);
