import { takeOverReview } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(takeOverReview);

export const POST = handlers.POST;
