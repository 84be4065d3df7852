import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { sendTestAs } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string };

export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId }) => {
  await jsonBody(request);
  return sendTestAs(actor, partnerId);
});
