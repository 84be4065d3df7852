import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { failAs } from "@/lib/consoles/review-actions";

type Params = { inspectionId: string };

export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { inspectionId }) =>
  failAs(actor, inspectionId, (await jsonBody(request)).reason),
);
