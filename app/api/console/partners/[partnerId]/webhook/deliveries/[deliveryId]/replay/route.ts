import { consoleRoute, jsonBody, partnerData } from "@/lib/consoles/console-route";
import { replayAs } from "@/lib/consoles/integration-actions";

type Params = { partnerId: string; deliveryId: string };

export const POST = consoleRoute<Params>(partnerData, async ({ actor }, request, { partnerId, deliveryId }) => {
  await jsonBody(request);
  return replayAs(actor, partnerId, deliveryId);
});
