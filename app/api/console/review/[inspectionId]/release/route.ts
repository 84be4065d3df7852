import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { releaseAs } from "@/lib/consoles/review-actions";

type Params = { inspectionId: string };

export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { inspectionId }) => {
  await jsonBody(request);
  return releaseAs(actor, inspectionId);
});
