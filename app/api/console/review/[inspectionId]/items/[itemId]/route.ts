import { decideReviewItem } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(decideReviewItem);

export const POST = handlers.POST;
