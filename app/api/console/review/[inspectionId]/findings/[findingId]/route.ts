import { reviewReviewFinding } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(reviewReviewFinding);

export const POST = handlers.POST;
