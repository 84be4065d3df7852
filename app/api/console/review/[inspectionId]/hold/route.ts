import { releaseReviewHold, renewReviewHold } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(renewReviewHold, releaseReviewHold);

export const POST = handlers.POST;
export const DELETE = handlers.DELETE;
