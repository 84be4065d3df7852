import { consoleRoute, staffOnly } from "@/lib/consoles/console-route";
import { reviewOf } from "@/lib/consoles/review-actions";

type Params = { inspectionId: string };

export const GET = consoleRoute<Params>(staffOnly, async (_caller, _request, { inspectionId }) => reviewOf(inspectionId));
