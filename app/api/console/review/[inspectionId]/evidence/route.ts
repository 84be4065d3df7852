import { downloadReviewPacket } from "@/lib/consoles/console-api/review";
import { routeHandlers } from "@/lib/http/route-handlers";

// Signs a fresh packet link on every request: never prerendered or cached.
export const dynamic = "force-dynamic";

const handlers = routeHandlers(downloadReviewPacket);

export const GET = handlers.GET;
