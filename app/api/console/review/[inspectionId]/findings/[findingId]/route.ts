import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { reviewFindingAs } from "@/lib/consoles/review-actions";

type Params = { inspectionId: string; findingId: string };

export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { inspectionId, findingId }) =>
  reviewFindingAs(actor, inspectionId, findingId, (await jsonBody(request)).accept),
);
