import { readPhotoSubmission } from "@/lib/demo/demo-api";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(readPhotoSubmission);
