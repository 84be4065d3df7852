import { postDarkSpans } from "@/lib/recording/recorder-api";
import { routeHandlers } from "@/lib/http/route-handlers";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(postDarkSpans);
