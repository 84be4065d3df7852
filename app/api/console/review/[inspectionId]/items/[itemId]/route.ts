import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { decideItemAs } from "@/lib/consoles/review-actions";

type Params = { inspectionId: string; itemId: string };

export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { inspectionId, itemId }) =>
  decideItemAs(actor, inspectionId, itemId, (await jsonBody(request)).state),
);
