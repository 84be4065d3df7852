import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { addFindingAs } from "@/lib/consoles/review-actions";

type Params = { inspectionId: string };

export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { inspectionId }) =>
  addFindingAs(actor, inspectionId, await jsonBody(request)),
);
