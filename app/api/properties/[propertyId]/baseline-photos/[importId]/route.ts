import { readBaselinePhotoUpload } from "@/lib/people/people-api";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readBaselinePhotoUpload);

export const GET = handlers.GET;
