import { startBaselinePhotoUpload } from "@/lib/people/people-api";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(startBaselinePhotoUpload);

export const POST = handlers.POST;
