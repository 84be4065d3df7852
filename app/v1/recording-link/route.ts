import { readRecordingLink } from "@/lib/partner-api/recording-links";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(readRecordingLink);
