import { listReviewQueue } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listReviewQueue);

export const GET = handlers.GET;
