import { readReview } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(readReview);

export const GET = handlers.GET;
