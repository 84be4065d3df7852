import { failReview } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(failReview);

export const POST = handlers.POST;
