import { consoleRoute, jsonBody, staffOnly } from "@/lib/consoles/console-route";
import { retryGivenUpAs } from "@/lib/consoles/job-actions";

type Params = { queue: string };

export const POST = consoleRoute<Params>(staffOnly, async ({ actor }, request, { queue }) => {
  await jsonBody(request);
  return retryGivenUpAs(actor, queue);
});
