import { releaseReview } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(releaseReview);

export const POST = handlers.POST;
