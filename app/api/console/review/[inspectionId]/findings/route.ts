import { addReviewFinding } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(addReviewFinding);

export const POST = handlers.POST;
